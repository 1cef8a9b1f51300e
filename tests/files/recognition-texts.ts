// Label text fixtures: what pdf.js or OCR gives for each kind of document, one line per printed
// line, with the labels the issuers print (IRS forms' box titles, a bank's summary, a licence's
// numbered fields). Names and numbers are made up. The real documents are in
// tests/files/recognition/ (README there).
import type { DocumentKind } from "../../src/shared/recognition/kinds.ts";

export const KIND_TEXTS: Record<DocumentKind, string> = {
  paystub: `ACME WIDGETS INC.   1200 Industrial Pkwy, Dayton OH 45402
EARNINGS STATEMENT
Employee Name: Jane Q. Doe   Employee ID: 004512
Pay Period: 10/27/2025 - 11/09/2025   Pay Date: 11/14/2025
Earnings   Rate   Hours   This Period   Year to Date
Regular   32.50   80.00   2,600.00   54,600.00
Overtime   48.75   4.00   195.00   1,462.50
Gross Pay   2,795.00   56,062.50
Deductions
Federal Income Tax   312.40   6,560.40
Social Security   173.29   3,475.88
Medicare   40.53   812.91
OH State Income Tax   88.10   1,850.10
Net Pay   2,180.68   43,363.21`,

  bank_statement: `First Harbor Bank, N.A.   Member FDIC
Account Statement
Jane Q. Doe
42 Elm Street, Springfield IL 62704
Statement Period: October 1, 2025 through October 31, 2025
Primary Checking   Account Number: XXXXXX4821
Account Summary
Beginning Balance   $4,210.55
Deposits and Other Credits   $5,361.36
Withdrawals and Other Debits   $3,902.17
Ending Balance   $5,669.74
Transaction Detail
10/03   Direct Deposit ACME WIDGETS PAYROLL   2,180.68
10/05   Check 1041   -850.00
10/09   Debit Card Purchase GROCERY MART   -112.45
10/17   Direct Deposit ACME WIDGETS PAYROLL   2,180.68
10/21   ACH Debit CITY UTILITIES   -96.30
10/28   ATM Withdrawal   -200.00
Daily Ending Balance`,

  tax_return: `Form 1040   Department of the Treasury - Internal Revenue Service
U.S. Individual Income Tax Return   2024   OMB No. 1545-0074
Filing Status   Single   Married filing jointly   Head of household
Your first name and middle initial   Last name   Your social security number
Jane Q   Doe   XXX-XX-4567
Dependents (see instructions)
1a Total amount from Form(s) W-2, box 1   58,210
11 Adjusted gross income   58,210
12 Standard deduction or itemized deductions (from Schedule A)   14,600
15 Taxable income   43,610
34 Amount of line 33 you overpaid   1,204
35a Amount of line 34 you want refunded to you
Sign Here   Joint return? See instructions.`,

  w2: `22222   Void   a Employee's social security number   XXX-XX-4567   OMB No. 1545-0008
b Employer identification number (EIN)   31-1234567
1 Wages, tips, other compensation   58,210.00   2 Federal income tax withheld   6,820.00
c Employer's name, address, and ZIP code   3 Social security wages   60,110.00   4 Social security tax withheld   3,726.82
ACME WIDGETS INC   5 Medicare wages and tips   60,110.00   6 Medicare tax withheld   871.60
1200 Industrial Pkwy Dayton OH 45402   7 Social security tips   8 Allocated tips
d Control number   9   10 Dependent care benefits
e Employee's first name and initial   Last name   Suff.   11 Nonqualified plans   12a
Jane Q. Doe
f Employee's address and ZIP code
Form W-2 Wage and Tax Statement   2024   Department of the Treasury-Internal Revenue Service
Copy B-To Be Filed With Employee's FEDERAL Tax Return.`,

  form_1099: `PAYER'S name, street address, city or town, state or province, country, ZIP
BRIGHT DESIGN STUDIO LLC
PAYER'S TIN   RECIPIENT'S TIN
12-3456789   XXX-XX-4567
RECIPIENT'S name
Jane Q. Doe
1 Nonemployee compensation   $14,500.00
4 Federal income tax withheld   $0.00
Form 1099-NEC   2024   Nonemployee Compensation   Copy B For Recipient
Department of the Treasury - Internal Revenue Service`,

  photo_id: `ILLINOIS
DRIVER'S LICENSE
USA
4d DL NO D123-4567-8901
1 DOE
2 JANE QUINN
8 42 ELM ST SPRINGFIELD IL 62704
3 DOB 03/14/1988
4a ISS 06/02/2022   4b EXP 03/14/2030
15 SEX F   16 HGT 5'-06"   18 EYES BRN
9 CLASS D   12 RESTR NONE   5 DD 2206021234
DONOR`,

  social_security_card: `SOCIAL SECURITY
THIS NUMBER HAS BEEN ESTABLISHED FOR
JANE QUINN DOE
123-45-6789
SIGNATURE`,

  employment_letter: `ACME WIDGETS INC.
Human Resources Department
1200 Industrial Pkwy, Dayton OH 45402
November 3, 2025
To Whom It May Concern:
Re: Verification of Employment
This letter is to confirm that Jane Q. Doe has been employed with Acme Widgets Inc. since
March 1, 2019, in the position of Senior Accountant. She is a full-time, permanent employee.
Her current annual salary is $67,600.00, paid biweekly.
Please contact me with any questions.
Sincerely,
Maria Lopez, HR Manager`,

  credit_report: `Experian
Personal Credit Report
Prepared for: Jane Q. Doe   Report date: 11/02/2025   Report number: 4421-9923
Your FICO Score 8: 742
Personal Information
Accounts Summary   Open accounts 6   Revolving accounts 3   Installment accounts 2
Payment History   Current: 100%
Account History
CAPITAL BANK VISA   Credit limit $8,000   Balance $1,240   Pays as agreed
Public Records   None
Inquiries
Hard inquiries   10/12/2025 FIRST HARBOR BANK
Collections   None`,

  asset_statement: `Northpoint Investments   Member SIPC
Investment Account Statement
Account Owner: Jane Q. Doe   Account Number: XXXX-7781
Statement Period: July 1, 2025 - September 30, 2025
Total Account Value   $84,215.30
Asset Allocation   Equities 62%   Bonds 30%   Cash 8%
Holdings
Description   Quantity   Price   Market Value   Cost Basis   Unrealized Gain/Loss
Vanguard Total Stock Market Index   210.000   $245.10   $51,471.00   $39,800.00   $11,671.00
iShares Core US Aggregate Bond ETF   255.000   $98.60   $25,143.00   $26,010.00   -$867.00
Dividends and capital gains reinvested`,

  insurance_declaration: `SAFEHOME MUTUAL INSURANCE COMPANY
HOMEOWNERS POLICY DECLARATIONS
Policy Number: HO-4471290   Policy Period: 12/01/2025 to 12/01/2026 12:01 a.m. standard time
Named Insured: Jane Q. Doe
Residence Premises: 42 Elm Street, Springfield IL 62704
Coverages   Limits of Liability
Coverage A - Dwelling   $310,000
Coverage B - Other Structures   $31,000
Coverage C - Personal Property   $155,000
Coverage E - Personal Liability   $300,000
Deductible: All Perils $1,000
Mortgagee: First Harbor Bank, ISAOA/ATIMA, Loan No. 88123
Total Annual Premium   $1,486.00`,

  appraisal: `Uniform Residential Appraisal Report   File # 25-1187
The purpose of this summary appraisal report is to provide the lender/client with an accurate,
and adequately supported, opinion of the market value of the subject property.
Property Address 42 Elm Street   City Springfield   State IL   Zip Code 62704
Borrower Jane Q. Doe   Owner of Public Record Robert Smith
Gross Living Area 1,840 sq.ft.
SALES COMPARISON APPROACH
Comparable Sale #1   Comparable Sale #2   Comparable Sale #3
Indicated Value by Sales Comparison Approach $352,000
Indicated Value by Cost Approach $361,500
Reconciliation   Appraiser: Thomas Reed, Certified Residential Appraiser
Freddie Mac Form 70 March 2005   Fannie Mae Form 1004 March 2005`,

  purchase_agreement: `RESIDENTIAL PURCHASE AGREEMENT
This Agreement is made on October 20, 2025 between Robert Smith ("Seller") and
Jane Q. Doe ("Buyer") for the property at 42 Elm Street, Springfield IL 62704.
1. Purchase Price. The Buyer agrees to pay a purchase price of $355,000.
2. Earnest Money. Buyer shall deposit $10,000 as earnest money with Prairie Title Company.
3. Financing Contingency. This Agreement is contingent upon Buyer obtaining a mortgage loan.
4. Inspection Contingency. Buyer may have the property inspected within 10 days.
5. Closing Date. Closing shall take place on or before December 5, 2025.
Addendum A: Lead-based paint disclosure.
Buyer signature   Date   Seller signature   Date`,

  mortgage_statement: `Lakeshore Mortgage Servicing
Mortgage Statement
Statement Date: 11/01/2025
Loan Number: 0045128831
Payment Due Date: 12/01/2025
Amount Due: $1,912.44
Explanation of Amount Due
Principal   $612.10
Interest   $1,018.76
Escrow (for Taxes and Insurance)   $281.58
Outstanding Principal Balance   $214,220.65
Interest Rate (Until 06/2030)   5.625%
If payment is received after 12/16/2025, a $76.50 late fee will be charged.`,

  property_tax_bill: `SANGAMON COUNTY TREASURER
2024 REAL ESTATE TAX BILL   Payable in 2025
Parcel Number: 14-33-152-007
Property Location: 42 ELM ST SPRINGFIELD
Assessed Value   $118,330
Tax Rate   7.8412
Total Real Estate Tax   $9,278.44
First Installment due 06/13/2025   $4,639.22
Second Installment due 09/12/2025   $4,639.22
Delinquent payments are subject to a 1.5% penalty per month.`,

  utility_bill: `CITY WATER LIGHT & POWER
Account Number: 55120-0098   Bill Date: 11/05/2025
Service Address: 42 ELM ST SPRINGFIELD IL
Billing Period: 10/02/2025 - 11/01/2025
Meter Number: 88120431   Previous Reading 41,220   Current Reading 41,982
Electric Usage   762 kWh
Electric Charges   $96.30
Water Usage   4,100 Gallons   Water Charges   $38.12
Total Amount Due   $134.42   Due Date: 11/25/2025`,

  va_eligibility: `Department of Veterans Affairs
CERTIFICATE OF ELIGIBILITY
FOR HOME LOAN BENEFITS
Name of Veteran: JANE Q DOE   Service Number: XXX-XX-4567
Entitlement Code: 01   Basic Entitlement: $36,000
Branch of Service: ARMY
Character of Service: Honorable
The veteran named above is eligible for the home loan guaranty benefits of Chapter 37, Title 38,
U.S. Code.`,

  lease: `RESIDENTIAL LEASE AGREEMENT
This Lease Agreement is entered into on July 15, 2024 between Robert Smith ("Landlord") and
Jane Q. Doe ("Tenant").
1. Premises. Landlord leases to Tenant the premises at 9 Oak Court, Apt 2, Springfield IL.
2. Term of Lease. The lease term begins August 1, 2024 and ends July 31, 2025.
3. Rent. Monthly rent is $1,450, due on the first day of each month.
4. Security Deposit. Tenant shall pay a security deposit of $1,450.
5. Utilities. Tenant pays electricity and internet.`,
};

/** Texts that are none of our kinds: each must come back as "could not tell". */
export const UNRELATED_TEXTS: Record<string, string> = {
  recipe: `Grandma's Banana Bread
Ingredients: 3 ripe bananas, 1/3 cup melted butter, 3/4 cup sugar, 1 egg, 1 teaspoon vanilla,
1 teaspoon baking soda, pinch of salt, 1 1/2 cups flour.
Preheat the oven to 350F. Mash the bananas, stir in the butter, then the sugar, egg and vanilla.
Bake for 60 minutes and cool on a rack.`,
  news: `City council approves new bike lanes downtown
SPRINGFIELD - The council voted 7-2 on Tuesday to add protected bike lanes on Fifth Street.
Construction starts in spring, the mayor said, and should take about four months.`,
  receipt: `GROCERY MART #118
11/02/2025 14:22
BANANAS 1.29
MILK 2% GAL 3.49
BREAD WHEAT 2.99
SUBTOTAL 7.77
TAX 0.54
TOTAL 8.31
VISA ****4821 APPROVED
THANK YOU FOR SHOPPING`,
  empty: "",
  noise: "ll1 |; ,. ~~ ' ' -- ii ! ll ,,",
};

/** Text written to look like every kind at once (issue 42's hostile case). */
export const EVERY_KIND_AT_ONCE = Object.values(KIND_TEXTS).join("\n");

/**
 * Near neighbours: forms that share a kind's boxes and words but are not it (the W-3 sends W-2s
 * to the SSA, the W-2c corrects one, the 1098 is the lender's, not a 1099), each as its form
 * prints it. The rules must not warn that one of these is the kind it resembles; and the
 * neighbours that are the kind (another 1099, a 1040's schedule, the 1040-SR) stay recognised.
 */
export const NOT_THE_KIND_TEXTS: Record<string, string> = {
  w3: `DO NOT STAPLE
33333   a Control number   For Official Use Only   OMB No. 1545-0008
b Kind of Payer (Check one)   941   Military   943   944   CT-1   Hshld. emp.   Medicare govt. emp.
Kind of Employer (Check one)   None apply   501c non-govt.   State/local non-501c   State/local 501c   Federal govt.
c Total number of Forms W-2   d Establishment number   1 Wages, tips, other compensation   2 Federal income tax withheld
e Employer identification number (EIN)   3 Social security wages   4 Social security tax withheld
f Employer's name   5 Medicare wages and tips   6 Medicare tax withheld
7 Social security tips   8 Allocated tips   10 Dependent care benefits
g Employer's address and ZIP code   11 Nonqualified plans   12a Deferred compensation
15 State   Employer's state ID number   16 State wages, tips, etc.   17 State income tax
Contact person   Telephone number   Email address   Fax number
Under penalties of perjury, I declare that I have examined this return and accompanying documents.
Form W-3 Transmittal of Wage and Tax Statements 2024   Department of the Treasury Internal Revenue Service
Send this entire page with the entire Copy A page of Form(s) W-2 to the Social Security Administration.`,
  w2c: `44444   For Official Use Only   OMB No. 1545-0008
Form W-2c Corrected Wage and Tax Statement 2024   Department of the Treasury Internal Revenue Service
a Employer's name, address, and ZIP code   c Tax year/Form corrected   d Employee's correct SSN
b Employer's Federal EIN   e Corrected SSN and/or name   f Employee's previously reported SSN
Note: Only complete money fields that are being corrected.
Previously reported   Correct information   Previously reported   Correct information
1 Wages, tips, other compensation   2 Federal income tax withheld
3 Social security wages   4 Social security tax withheld
5 Medicare wages and tips   6 Medicare tax withheld
7 Social security tips   8 Allocated tips   10 Dependent care benefits   11 Nonqualified plans
Copy B - To Be Filed with Employee's FEDERAL Tax Return`,
  form_1098: `CORRECTED (if checked)
RECIPIENT'S/LENDER'S name, street address, city or town, state or province, country, ZIP or foreign postal code, and telephone no.
OMB No. 1545-1380   Form 1098 (Rev. January 2024)   For calendar year 2024   Mortgage Interest Statement
RECIPIENT'S/LENDER'S TIN   PAYER'S/BORROWER'S TIN
1 Mortgage interest received from payer(s)/borrower(s)   $ 9,412.77
2 Outstanding mortgage principal   $ 241,806.10   3 Mortgage origination date 06/14/2019
4 Refund of overpaid interest   5 Mortgage insurance premiums
PAYER'S/BORROWER'S name   6 Points paid on purchase of principal residence
7 If address of property securing mortgage is the same as PAYER'S/BORROWER'S address, check the box
9 Number of properties securing the mortgage   10 Other   11 Mortgage acquisition date
Copy B For Payer/Borrower   The information in boxes 1 through 9 and 11 is important tax information and is being furnished to the IRS.`,
};

/** Near neighbours that are the kind. */
export const THE_KIND_TOO_TEXTS: Record<string, { kind: DocumentKind; text: string }> = {
  form_1099_int: {
    kind: "form_1099",
    text: `CORRECTED (if checked)
PAYER'S name, street address, city or town, state or province, country, ZIP or foreign postal code, and telephone no.
OMB No. 1545-0112   Form 1099-INT (Rev. January 2024)   For calendar year 2024   Interest Income
PAYER'S TIN   RECIPIENT'S TIN   1 Interest income $ 412.08   2 Early withdrawal penalty
RECIPIENT'S name   3 Interest on U.S. Savings Bonds and Treasury obligations
4 Federal income tax withheld   5 Investment expenses   6 Foreign tax paid
Copy B For Recipient   This is important tax information and is being furnished to the IRS.`,
  },
  schedule_c: {
    kind: "tax_return",
    text: `SCHEDULE C (Form 1040)   Profit or Loss From Business (Sole Proprietorship)   OMB No. 1545-0074   2024
Department of the Treasury Internal Revenue Service   Attach to Form 1040, 1040-SR, 1040-SS, 1040-NR, or 1041; partnerships must generally file Form 1065.
Name of proprietor   Social security number (SSN)
A Principal business or profession, including product or service   B Enter code from instructions
Part I Income   1 Gross receipts or sales   7 Gross income
Part II Expenses   8 Advertising   9 Car and truck expenses   31 Net profit or (loss). Subtract line 30 from line 29.
If a profit, enter on both Schedule 1 (Form 1040), line 3, and on Schedule SE, line 2.`,
  },
  form_1040_sr: {
    kind: "tax_return",
    text: `Form 1040-SR   U.S. Income Tax Return for Seniors   2024   Department of the Treasury Internal Revenue Service
Filing Status   Single   Married filing jointly   Head of household
Your first name and middle initial   Last name   Your social security number
Dependents (see instructions)   Standard Deduction   Someone can claim you as a dependent
1a Total amount from Form(s) W-2, box 1   11 Adjusted gross income   15 Taxable income
35a Amount of line 34 you want refunded to you   37 Amount you owe`,
  },
};
