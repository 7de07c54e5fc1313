/**
 * Job titles as US job seekers type them: each entry a title, its abbreviations and the other names
 * the same job goes by (decision 0260). Kept as data, reviewed by hand, and tested
 * (title-synonyms.test.ts): every title the demo data uses is here, no phrase belongs to two entries,
 * and every phrase is plain lower-case words.
 *
 * The search reads it on the query side only (search-words.ts): a phrase a person types is searched
 * as itself OR any other phrase of its entry, so no index holds synonyms and none needs rebuilding.
 * `alsoFinds` is one-way: a broad word that should also find its narrower abbreviations ("nurse"
 * finds "RN", but "RN" does not find every nurse).
 */
export const TITLE_CLASSES = [
  'nursing',
  'care',
  'medical',
  'driving',
  'warehouse',
  'housekeeping',
  'trades',
  'retail',
  'customer-service',
  'hospitality',
  'food-service',
  'education',
  'office',
  'human-resources',
  'technology',
] as const;
export type TitleClass = (typeof TITLE_CLASSES)[number];

export interface TitleEntry {
  class: TitleClass;
  /** The title first (as the related-titles offer shows it), then its abbreviations and other names. */
  phrases: readonly string[];
  /** Narrower phrases the entry's phrases also find, not the other way round. */
  alsoFinds?: readonly string[];
}

const entry = (cls: TitleClass, phrases: string[], alsoFinds?: string[]): TitleEntry => (alsoFinds ? { class: cls, phrases, alsoFinds } : { class: cls, phrases });

export const TITLE_ENTRIES: readonly TitleEntry[] = [
  // Nursing
  entry('nursing', ['registered nurse', 'rn', 'staff nurse']),
  entry('nursing', ['licensed practical nurse', 'lpn', 'licensed vocational nurse', 'lvn']),
  entry('nursing', ['nurse practitioner', 'np', 'aprn']),
  entry('nursing', ['nurse', 'nursing'], ['rn', 'lpn', 'lvn']),
  // Care
  entry('care', ['certified nursing assistant', 'cna', 'nursing assistant', 'nurse aide', 'stna']),
  entry('care', ['home health aide', 'hha', 'home care aide']),
  entry('care', ['personal care assistant', 'pca', 'personal care aide', 'personal care attendant']),
  entry('care', ['caregiver', 'care giver', 'caretaker', 'companion caregiver']),
  entry('care', ['direct support professional', 'dsp', 'direct care worker', 'direct care staff']),
  entry('care', ['patient care technician', 'pct', 'patient care tech']),
  // Medical
  entry('medical', ['medical assistant', 'ma', 'cma', 'certified medical assistant']),
  entry('medical', ['phlebotomist', 'phlebotomy technician', 'phlebotomy tech', 'phlebotomy']),
  entry('medical', ['physical therapist', 'pt', 'physiotherapist', 'dpt']),
  entry('medical', ['pharmacy technician', 'pharmacy tech', 'cpht', 'pharm tech']),
  entry('medical', ['medical receptionist', 'medical front desk', 'patient service representative']),
  entry('medical', ['massage therapist', 'lmt', 'licensed massage therapist']),
  // Driving
  entry('driving', ['cdl a truck driver', 'cdl', 'cdl driver', 'truck driver', 'class a driver', 'otr driver', 'tractor trailer driver', 'semi truck driver']),
  entry('driving', ['delivery driver', 'van driver', 'delivery associate']),
  entry('driving', ['route sales driver', 'route driver', 'route sales representative']),
  entry('driving', ['school bus driver', 'bus driver']),
  entry('driving', ['courier', 'messenger', 'courier driver']),
  entry('driving', ['local box truck driver', 'box truck driver', 'non cdl driver']),
  entry('driving', ['driver'], ['cdl']),
  // Warehouse
  entry('warehouse', ['forklift operator', 'forklift driver', 'fork lift operator', 'hi lo driver', 'lift truck operator']),
  entry('warehouse', ['reach truck operator', 'reach truck driver']),
  entry('warehouse', ['warehouse associate', 'warehouse worker', 'warehouse laborer', 'warehouse team member']),
  entry('warehouse', ['order picker', 'order selector', 'picker packer', 'order puller']),
  entry('warehouse', ['shipping and receiving clerk', 'shipping clerk', 'receiving clerk', 'shipper receiver']),
  entry('warehouse', ['material handler', 'package handler']),
  entry('warehouse', ['inventory specialist', 'inventory clerk', 'inventory control specialist']),
  entry('warehouse', ['warehouse supervisor', 'warehouse lead', 'warehouse manager']),
  // Housekeeping
  entry('housekeeping', ['housekeeper', 'housekeeping', 'maid', 'house cleaner']),
  entry('housekeeping', ['room attendant', 'hotel housekeeper', 'room cleaner']),
  entry('housekeeping', ['janitor', 'custodian', 'janitorial', 'custodial worker']),
  entry('housekeeping', ['laundry attendant', 'laundry worker']),
  entry('housekeeping', ['housekeeping supervisor', 'executive housekeeper', 'housekeeping manager']),
  // Trades and manufacturing
  entry('trades', ['production worker', 'production associate', 'factory worker', 'line worker', 'general labor']),
  entry('trades', ['machine operator', 'machine tender', 'press operator']),
  entry('trades', ['assembler', 'assembly worker', 'assembly technician']),
  entry('trades', ['cnc machinist', 'cnc operator', 'machinist']),
  entry('trades', ['quality inspector', 'quality control inspector', 'qc inspector', 'qa inspector']),
  entry('trades', ['quality assurance', 'qa'], ['quality inspector']),
  entry('trades', ['quality control', 'qc'], ['quality inspector']),
  entry('trades', ['welder', 'welding', 'fabricator welder', 'mig welder', 'tig welder']),
  entry('trades', ['maintenance technician', 'maintenance tech', 'maintenance mechanic', 'maintenance worker']),
  entry('trades', ['production supervisor', 'production lead', 'manufacturing supervisor']),
  entry('trades', ['electrician', 'journeyman electrician', 'apprentice electrician']),
  entry('trades', ['hvac technician', 'hvac tech', 'heating and air technician']),
  // Retail
  entry('retail', ['retail sales associate', 'sales associate', 'retail associate', 'sales clerk', 'retail clerk']),
  entry('retail', ['cashier', 'checker', 'cashier clerk']),
  entry('retail', ['stock associate', 'stocker', 'stock clerk', 'shelf stocker']),
  entry('retail', ['assistant store manager', 'asm', 'assistant manager']),
  entry('retail', ['store manager', 'retail manager', 'retail store manager']),
  // Customer service
  entry('customer-service', ['customer service representative', 'csr', 'customer service rep', 'customer service agent', 'customer care representative', 'call center representative', 'customer service associate']),
  // Hospitality
  entry('hospitality', ['front desk agent', 'front desk clerk', 'guest service agent', 'front desk associate', 'hotel front desk']),
  entry('hospitality', ['hotel night auditor', 'night auditor', 'night audit']),
  entry('hospitality', ['tour guide', 'tour leader', 'docent']),
  entry('hospitality', ['concierge', 'guest services']),
  entry('hospitality', ['banquet server', 'catering server', 'event server']),
  entry('hospitality', ['hotel general manager', 'hotel gm', 'hotel manager']),
  entry('hospitality', ['hair stylist', 'hairstylist', 'cosmetologist', 'hairdresser']),
  // Food service
  entry('food-service', ['line cook', 'grill cook', 'short order cook']),
  entry('food-service', ['prep cook', 'food prep', 'kitchen prep']),
  entry('food-service', ['server', 'waiter', 'waitress', 'food server', 'restaurant server']),
  entry('food-service', ['dishwasher', 'dish washer', 'kitchen porter']),
  entry('food-service', ['barista', 'coffee barista']),
  entry('food-service', ['restaurant manager', 'restaurant general manager', 'kitchen manager']),
  // Education
  entry('education', ['elementary school teacher', 'elementary teacher', 'grade school teacher']),
  entry('education', ['high school math teacher', 'math teacher', 'mathematics teacher']),
  entry('education', ['substitute teacher', 'sub teacher', 'substitute teaching']),
  entry('education', ['teacher assistant', 'teacher aide', 'teaching assistant', 'paraprofessional', 'paraeducator']),
  entry('education', ['tutor', 'tutoring']),
  entry('education', ['preschool teacher', 'pre k teacher', 'early childhood teacher', 'daycare teacher']),
  // Office
  entry('office', ['administrative assistant', 'admin assistant', 'administrative asst', 'secretary', 'office assistant']),
  entry('office', ['office manager', 'office administrator']),
  entry('office', ['receptionist', 'front desk receptionist']),
  entry('office', ['data entry clerk', 'data entry', 'data entry operator', 'data entry specialist']),
  entry('office', ['bookkeeper', 'bookkeeping', 'accounting clerk']),
  entry('office', ['accounts payable specialist', 'ap specialist', 'accounts payable clerk', 'ap clerk']),
  // Human resources
  entry('human-resources', ['human resources coordinator', 'hr coordinator', 'hr assistant', 'human resources assistant']),
  entry('human-resources', ['human resources', 'hr']),
  // Technology
  entry('technology', ['information technology', 'it']),
  entry('technology', ['help desk technician', 'it support', 'help desk', 'desktop support']),
];
