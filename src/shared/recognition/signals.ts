// The rule set: what each kind of document says. A signal is a form number, a title, a label the
// issuer prints, or a layout hint; its weight is how sure it makes us (a form's own title 4–5, a
// label only that kind prints 2–3, a word several kinds share 1). A negative signal is what a
// kind never says but its neighbour does: the 1040 asks to "attach Form(s) W-2", so a W-2's
// number alone does not make a W-2, and the tax return's title counts against one.
// Patterns run on normaliseText's spelling (lower case, no accents, straight dashes) and allow
// for OCR's slips: "w-2", "w2" and "w 2"; "1o40" is not tried.
import type { DocumentKind } from "./kinds.ts";

export interface Signal {
  test: RegExp | ((text: string) => boolean);
  weight: number;
}

const s = (test: Signal["test"], weight: number): Signal => ({ test, weight });

/**
 * Lines that start with a date and end with an amount: a statement's list of transactions
 * ("01/05", "5 Jan", "Jan 5", "jan-05-24").
 */
const DATED_AMOUNT_LINE = /^(\d{1,2}[/.-]\d{1,2}([/.-]\d{2,4})?|\d{1,2} ?[a-z]{3}( ?\d{2,4})?|[a-z]{3}[ -]\d{1,2}([ -]\d{2,4})?)\b.*\d[\d,]*\.\d{2}\b/gm;
const manyTransactions = (text: string) => (text.match(DATED_AMOUNT_LINE)?.length ?? 0) >= 5;

/**
 * A machine-readable zone's line (passports, ID cards, some licences): letters, digits and "<"
 * fillers, 25 or more of them in a row with a double filler. OCR reads it better than the card's
 * printed labels, and nothing but an identity document carries one.
 */
const MRZ_LINE = /^[a-z0-9<]{25,44}$/;
const machineReadable = (text: string) =>
  text.split("\n").some((line) => {
    const packed = line.replace(/ /g, "");
    return packed.includes("<<") && MRZ_LINE.test(packed);
  });

/** A card's worth of text: a photo of an ID holds a few dozen words, a statement hundreds. */
const cardSized = (text: string) => text.length < 700;

export const SIGNALS: Record<DocumentKind, readonly Signal[]> = {
  paystub: [
    s(/\b(pay ?stub|pay ?slip|earnings statement|statement of earnings|pay statement)\b|\b(bulletin|fiche) de (paie|salaire)\b/, 4),
    s(/\bnet a payer\b|\bsalaire (de )?base\b|\bsalaire brut\b/, 2),
    s(/\bpay (period|begin|end)|period (beginning|ending)\b/, 2),
    s(/\b(pay|check|advice|deposit) date\b/, 2),
    s(/\bgross (pay|earnings|wages)\b/, 2),
    s(/\bnet (pay|amount)\b/, 2),
    s(/\b(year to date|ytd)\b/, 2),
    s(/\bdeductions\b/, 1),
    s(/\b(regular|overtime|holiday)( pay| earnings| hours)?\b/, 1),
    s(/\bhours\b.*\brate\b|\brate\b.*\bhours\b/, 1),
    s(/\b(federal|fed|state) (income )?(tax|withholding|w\/h)\b/, 1),
    s(/\b(fica|oasdi|medicare)\b/, 1),
    s(/\bemployee (id|number|no)\b/, 1),
  ],
  bank_statement: [
    s(/\b(bank|account) statement\b|\bstatement of account\b|\breleve de compte\b|\bkontoauszug\b/, 3),
    s(/\bstatement (period|date)\b|\bfor the period\b/, 2),
    s(/\b(beginning|opening|previous|starting) balance\b|\bbalance (forward|brought forward)\b/, 2),
    s(/\b(ending|closing|new) balance\b/, 2),
    s(/\bdeposits( and (other )?(credits|additions))?\b/, 1),
    s(/\b(withdrawals|debits)\b/, 1),
    s(/\b(checking|chequing|savings)\b/, 1),
    s(/\b(member fdic|cdic)\b/, 2),
    s(/\b(routing|transit) (number|no)\b/, 1),
    s(/\bdaily (ending )?balance\b|\bavailable balance\b/, 2),
    s(/\b(clearing|cleared) (cheque|check)|\bchecks paid\b|\binterac\b|\be-transfer\b|\bdirect deposit\b|\bach (credit|debit)\b/, 1),
    s(/\boverdraft\b|\bline of credit\b/, 1),
    s(manyTransactions, 2),
    // A transactions table's header: what went out and in, and what is left.
    s(/\b(withdrawals?|debits?|paid out|debit)\b.*\b(deposits?|credits?|paid in|credit)\b.*\bbalance\b|\b(deposits?|credits?|paid in)\b.*\b(withdrawals?|debits?|paid out)\b.*\bbalance\b/, 2),
    s(/\b(monthly |account )?(service|maintenance) (fee|charge)\b|\binterest (credit|earned|paid)\b|\batm withdrawal\b/, 1),
    s(/\bsolde (precedent|crediteur|debiteur|au|anterieur)\b|\bancien solde\b|\bnouveau solde\b/, 2),
  ],
  tax_return: [
    s(/\bu\.?s\.? individual income tax return\b/, 5),
    // The form's own number heads a line, before its title or year ("Form 1040 U.S. Individual
    // ...", "Form 1040 (2024) Page 2"); a statement's "tax refund (form 1040)" or a 1099's "report
    // it on Form 1040, line 21" only mentions it.
    s(/^(form )?1040(-?sr|-?nr|-?x)?( (u\.?s\.?|\(?(19|20) ?\d\d\b)|$)/m, 4),
    s(/\bform 1040\b/, 1),
    s(/\bfiling status\b/, 2),
    s(/\badjusted gross income\b/, 2),
    s(/\bstandard deduction\b/, 2),
    s(/\btaxable income\b/, 1),
    s(/\bamount you owe\b|\brefund\b/, 1),
    s(/\bschedule (1|2|3|a|b|c|d|e|se)\b/, 1),
    // A schedule of the return, headed by its letter and its form ("SCHEDULE C (Form 1040)").
    s(/^schedule (1|2|3|a|b|c|d|e|f|se|8812) \(form 1040/m, 4),
    s(/\bdependents\b/, 1),
    s(/\bjoint return\b|\bsign here\b/, 1),
    s(/\bnotice of assessment\b|\bt1 general\b/, 4),
  ],
  w2: [
    // OCR drops words: "W-2 Wage and Tax" without its "Statement" is still the form's title.
    s(/\bwage and tax( statement)?\b/, 5),
    s(/\bform w ?-? ?2\b/, 2),
    s(/\bbox \d{1,2} of w-?2\b|\breported w-?2 wages\b|\bw-?2 (statement|and earnings summary)\b/, 3),
    s(/\bwages, tips,? (and )?other comp/, 3),
    s(/\bsocial security wages\b/, 2),
    s(/\bmedicare wages and tips\b/, 2),
    s(/\bsocial security tax withheld\b/, 1),
    s(/\ballocated tips\b|\bdependent care benefits\b|\bnonqualified plans\b/, 1),
    s(/\bemployer identification number\b|\bemployer'?s (name|id)/, 1),
    s(/\bcopy [bc2]\b/, 1),
    s(/\bindividual income tax return\b|\bfiling status\b/, -4),
    s(/\battach form\(?s\)? w-?2\b/, -2),
    // Its neighbours print the same boxes under their own title and a few boxes of their own: the
    // W-3 that sends W-2s to the SSA, the W-2c that corrects one. Either is not a W-2.
    s(/\btransmittal of wage and tax statements\b/, -10),
    s(/\bkind of (payer|employer)\b|\btotal number of forms w-?2\b|\bestablishment number\b/, -8),
    s(/\bcorrected wage and tax statement\b/, -10),
    s(/\bpreviously reported\b.*\bcorrect(ed)? information\b/, -8),
  ],
  form_1099: [
    s(/\bform 1099\b|\b1099-(misc|nec|int|div|r|b|g|k|sa|oid)\b/, 4),
    s(/\bpayer'?s (name|tin|federal)/, 2),
    s(/\brecipient'?s (name|tin|identification)/, 2),
    s(/\bnonemployee compensation\b/, 3),
    s(/\bmiscellaneous (income|information)\b/, 2),
    s(/\b(interest income|ordinary dividends|gross distribution|proceeds from broker)\b/, 2),
    s(/\bindividual income tax return\b|\bfiling status\b/, -4),
    // The 1098 is the lender's statement to a borrower, in a 1099's layout: its payer is the
    // borrower and its recipient the lender (or school).
    s(/\b(recipient|filer)'?s\/(lender|school)\b|\bpayer'?s\/borrower\b|\bform 1098\b/, -10),
  ],
  photo_id: [
    s(/\bdriver'?s? ?licen[cs]e\b|\bpermis de conduire\b/, 4),
    s(/\bpassport\b|\bpasaporte\b|\bpasseport\b/, 3),
    s(/\b(identification|identity|id) card\b|\breal id\b|\bnationale d'identite\b|\bnacional de identidad\b|\bpersonalausweis\b/, 3),
    s(machineReadable, 3),
    s(/\b(date of birth|dob|birth date)\b/, 2),
    s(/\b(exp|expires|expiry|expiration|date of expiry)\b/, 2),
    s(/\b(iss|issued|date of issue)\b/, 1),
    s(/\b(sex|hgt|height|eyes|hair|wgt)\b/, 1),
    s(/\b(nationality|place of birth|surname|given names?)\b/, 2),
    s(/\b(class|endorsements?|restrictions?|donor|dmv|motor vehicles?)\b/, 1),
    // A passport's machine line starts P<USA; an ID card's IDESP, I<FRA (TD1).
    s(/^p<[a-z]{3}|^i[a-z<][a-z]{3}[a-z0-9]*</m, 4),
    s(cardSized, 1),
  ],
  social_security_card: [
    s(/\bthis number has been established for\b/, 5),
    s(/\bsocial security card\b/, 3),
    s(/\bsocial security administration\b/, 1),
    s(/^\s*social security\s*$/m, 2),
  ],
  employment_letter: [
    s(/\b(verification|confirmation) of employment\b|\bemployment (verification|confirmation)\b/, 4),
    s(/\bthis (letter )?is to (confirm|certify|verify)\b|\bwe (are pleased to )?confirm that\b/, 3),
    s(/\b(has been|is|was) (employed|working)\b|\b(employed|working) (with|at|by) /, 3),
    s(/\bto whom it may concern\b/, 2),
    s(/\b(annual|base|gross annual) (salary|compensation|pay)\b|\bsalary of\b/, 2),
    s(/\b(position|job title|title) (of|is|as)\b|\bin the (position|role) of\b/, 1),
    s(/\b(full|part)[ -]time\b/, 1),
    s(/\b(start date|date of hire|hire date|since)\b/, 1),
    s(/\b(human resources|hr department|hr manager)\b/, 1),
    s(/\b(sincerely|regards|yours truly)\b/, 1),
    s(/\bnet pay\b|\bpay period\b/, -2),
  ],
  credit_report: [
    s(/\bcredit report\b|\bcredit file\b/, 4),
    s(/\bcredit score\b|\bfico\b|\bvantagescore\b/, 3),
    s(/\b(equifax|experian|transunion)\b/, 3),
    s(/\binquir(y|ies)\b/, 2),
    s(/\bpayment history\b|\baccount history\b/, 2),
    s(/\bpublic records?\b/, 2),
    s(/\b(tradelines?|revolving|installment) accounts?\b/, 2),
    s(/\bcollections?\b|\bderogatory\b|\bnegative items?\b/, 1),
    s(/\b(credit limit|high credit|high balance)\b/, 1),
  ],
  asset_statement: [
    s(/\b(investment|brokerage|retirement|portfolio) (account|statement|summary)\b/, 3),
    s(/\b(holdings|positions)\b/, 2),
    s(/\bmarket value\b/, 2),
    s(/\btotal (account|portfolio) value\b|\baccount value\b/, 2),
    s(/\b401\(?k\)?|\b(roth )?ira\b|\b403\(?b\)?/, 2),
    s(/\basset allocation\b|\bcost basis\b|\bunrealized (gain|loss)/, 2),
    s(/\b(shares|quantity|units)\b/, 1),
    s(/\b(dividends?|capital gains?|securities|mutual funds?|equities|bonds)\b/, 1),
    s(/\bvested balance\b|\bsipc\b/, 2),
  ],
  insurance_declaration: [
    s(/\bdeclarations? page\b|\bpolicy declarations?\b|\bdeclarations\b/, 4),
    s(/\bnamed insured\b/, 3),
    s(/\bpolicy (number|period|term|no)\b/, 2),
    s(/\bcoverage [a-f]\b|\bdwelling\b/, 2),
    s(/\bdeductibles?\b/, 2),
    s(/\b(total |annual )?premium\b/, 2),
    s(/\b(mortgagee|lienholder|loss payee|additional insured)\b/, 2),
    s(/\b(homeowners?|hazard|property|auto) (policy|insurance)\b/, 2),
    s(/\b(personal property|loss of use|personal liability|medical payments)\b/, 1),
    s(/\beffective date\b|\bpolicy effective\b/, 1),
  ],
  appraisal: [
    s(/\buniform residential appraisal report\b/, 5),
    s(/\b(fannie mae )?form 1004\b|\bform 70\b/, 3),
    s(/\bapprais(al|er|ed)\b/, 3),
    s(/\bsales comparison approach\b|\bcost approach\b|\bincome approach\b/, 3),
    s(/\bcomparable (sales?|properties)\b/, 2),
    s(/\bsubject property\b/, 2),
    s(/\bgross living area\b/, 2),
    s(/\breconciliation\b|\bopinion of (market )?value\b/, 1),
  ],
  purchase_agreement: [
    s(/\b(residential )?purchase (and sale )?(agreement|contract)\b|\b(contract|agreement) (of|for) (the )?(sale|purchase)\b/, 4),
    s(/\bpurchase price\b/, 3),
    s(/\bearnest money\b/, 2),
    s(/\b(closing|settlement) date\b|\bclose of escrow\b/, 2),
    s(/\bcontingenc(y|ies)\b/, 2),
    s(/\bbuyers?\b.*\bsellers?\b|\bsellers?\b.*\bbuyers?\b/s, 2),
    s(/\baddend(um|a)\b|\binspection\b|\btitle (insurance|company)\b/, 1),
  ],
  mortgage_statement: [
    s(/\bmortgage (loan )?statement\b/, 4),
    s(/\bescrow\b/, 2),
    s(/\b(unpaid |outstanding )?principal balance\b/, 2),
    s(/\bloan number\b/, 2),
    s(/\b(payment due date|amount due|total amount due)\b/, 1),
    s(/\b(mortgage|servicer|servicing|lender)\b/, 2),
    s(/\binterest rate\b/, 1),
    s(/\blate (fee|charge)\b/, 1),
    // The year's Form 1098 (mortgage interest paid, for the borrower's taxes) is not a statement.
    s(/\bmortgage interest statement\b|\bform 1098\b/, -4),
  ],
  property_tax_bill: [
    s(/\b(property|real estate|real property|secured property) tax(es)?\b/, 4),
    s(/\b(assessed|taxable|appraised) value\b|\bassessment\b/, 2),
    s(/\bparcel (number|no|id)\b|\bapn\b|\btax map\b/, 3),
    s(/\btax (collector|commissioner)\b|\btreasurer\b|\bassessor\b/, 2),
    s(/\bmill(age)? rate\b|\btax rate\b/, 2),
    s(/\b(first|second) (half|installment)\b|\binstallments?\b/, 1),
    s(/\bdelinquen(t|cy)\b/, 1),
  ],
  utility_bill: [
    s(/\bkwh\b|\btherms?\b|\bccf\b|\bgallons\b/, 3),
    s(/\bmeter (number|reading|no)\b|\b(previous|current|present) reading\b/, 3),
    s(/\bservice (address|period|location|for)\b|\bbilling period\b/, 2),
    s(/\b(electric(ity)?|natural gas|gas|water|sewer|energy|power) (delivery |supply |generation )?(service|charges?|usage|bill|statement)\b/, 2),
    s(/\b(energy|utility|electric(ity)?|gas|water) (statement|bill)\b|\bfacture d'(electricite|energie|eau|gaz)\b/, 3),
    s(/\b(usage|consumption)\b/, 1),
    s(/\b(amount|total) due\b|\bplease pay\b|\bdue date\b/, 1),
  ],
  va_eligibility: [
    s(/\bcertificate of eligibility\b/, 5),
    s(/\bdd[ -]?(form )?214\b|\bcertificate of release or discharge from active duty\b/, 5),
    s(/\b(department of )?veterans affairs\b/, 2),
    s(/\bentitlement\b/, 2),
    s(/\bcharacter of service\b|\bbranch of service\b|\bseparation\b/, 2),
  ],
  lease: [
    s(/\b(residential )?(lease|rental) agreement\b|\bresidential lease\b/, 4),
    s(/\blandlord\b/, 2),
    s(/\btenants?\b/, 2),
    s(/\bsecurity deposit\b/, 2),
    s(/\b(term of (the )?lease|lease term)\b/, 2),
    s(/\bmonthly rent\b|\brent (is|shall be|of)\b/, 2),
    s(/\bpremises\b/, 1),
  ],
};
