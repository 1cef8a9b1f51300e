// Landing page copy kept apart from layout so wording changes touch one file.
import {
  BadgeCheck,
  BellRing,
  ClipboardList,
  Download,
  FileSearch,
  FileSignature,
  Home,
  Landmark,
  LineChart,
  Lock,
  Mail,
  Radio,
  Scale,
  Server,
  Share2,
  ShieldCheck,
  Smartphone,
  Timer,
  type LucideIcon,
} from "lucide-react";

export interface IconCopy {
  icon: LucideIcon;
  title: string;
  text: string;
}

export const SECTION_IDS = {
  delivers: "what-it-delivers",
  why: "why",
  who: "who-its-for",
  plans: "subscription_plan",
} as const;

export const BENEFITS: IconCopy[] = [
  { icon: ClipboardList, title: "AI document checklists", text: "Start every file with the right list of documents for the loan or policy, then adjust it in a click." },
  { icon: FileSearch, title: "Parsing and validation", text: "Uploads are checked for the right file type and reviewed before they reach your underwriting." },
  { icon: LineChart, title: "Progress tracking", text: "See at a glance who has uploaded, what is under review and what is still missing." },
  { icon: Download, title: "Export", text: "Download approved documents when you need them, ready for your lender or case system." },
  { icon: FileSignature, title: "E-sign readiness", text: "Share finished paperwork back to your customer from the same place they upload." },
  { icon: Smartphone, title: "Mobile upload", text: "Customers photograph and upload documents from their phone. No app, no account required." },
];

export const KEY_BENEFITS: IconCopy[] = [
  { icon: Mail, title: "No more inbox hunting", text: "Every document arrives in one place, attached to the right customer and the right request." },
  { icon: Lock, title: "Private by design", text: "Each customer gets a personal upload link and sees only their own documents." },
  { icon: BellRing, title: "Reminders that send themselves", text: "Set due dates once; the portal reminds customers before anything is overdue." },
  { icon: BadgeCheck, title: "Clear approvals", text: "Approve a document or ask for a re-submit with a reason, and the customer sees it right away." },
];

export const FEATURES: IconCopy[] = [
  { icon: Radio, title: "Live updates", text: "Uploads and approvals appear instantly on both sides, without refreshing." },
  { icon: Timer, title: "Due dates and reminders", text: "Deadlines with urgency levels, single and bulk reminders." },
  { icon: Share2, title: "Secure file sharing", text: "Send files to one or many customers with a consolidated email." },
  { icon: Server, title: "Self-hosted", text: "Runs on your own server. Your customers' documents never leave it." },
];

export const TRADES: IconCopy[] = [
  { icon: Landmark, title: "Mortgage", text: "Loan officers and mortgage brokers collecting pay stubs, statements and IDs." },
  { icon: ShieldCheck, title: "Insurance", text: "Agents gathering declarations, claims evidence and policy paperwork." },
  { icon: Scale, title: "Legal", text: "Firms requesting signed agreements, identification and case files." },
  { icon: Home, title: "Real estate", text: "Agents handling purchase agreements, appraisals and disclosures." },
];

export const STATS = [
  { value: "99.9%", label: "Uptime" },
  { value: "10,000+", label: "Users" },
  { value: "75%", label: "Faster document collection" },
  { value: "3x", label: "Faster loan closing" },
] as const;
