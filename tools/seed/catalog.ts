import { BENEFIT_CHOICES } from '../../src/shared/employer-jobs/fields';
import type { EmploymentType, JobCategory, PayPeriod } from '../../src/shared/jobs/enums';

/** A job title the demo data uses, with a realistic US pay range for it. */
export interface TitleSpec {
  title: string;
  period: PayPeriod;
  /** Typical low and high pay (dollars per hour or per year) before local adjustment. */
  low: number;
  high: number;
}

export interface CategorySpec {
  /** Relative share of all listings. */
  weight: number;
  titles: TitleSpec[];
  employmentTypes: Array<[EmploymentType, number]>;
  remoteShare: number;
  duties: string[];
  requirements: string[];
  companyWords: string[];
}

const hour = (title: string, low: number, high: number): TitleSpec => ({ title, period: 'hour', low, high });
const year = (title: string, low: number, high: number): TitleSpec => ({ title, period: 'year', low, high });

export const CATEGORY_SPECS: Record<JobCategory, CategorySpec> = {
  warehouse: {
    weight: 14,
    titles: [
      hour('Forklift Operator', 17, 24),
      hour('Warehouse Associate', 15.5, 21),
      hour('Order Picker', 16, 21),
      hour('Shipping and Receiving Clerk', 16, 22),
      hour('Material Handler', 16, 22),
      hour('Inventory Specialist', 17, 24),
      hour('Reach Truck Operator', 18, 25),
      year('Warehouse Supervisor', 48_000, 68_000),
    ],
    employmentTypes: [['full_time', 60], ['part_time', 10], ['temporary', 25], ['contract', 5]],
    remoteShare: 0,
    duties: [
      'Load and unload trucks safely and on schedule',
      'Pick, pack and stage orders with a handheld scanner',
      'Operate sit-down and stand-up forklifts and pallet jacks',
      'Keep aisles, docks and racking clean and clear',
      'Count inventory and report damaged or missing items',
      'Follow lockout/tagout and all posted safety rules',
      'Wrap and label pallets for outbound shipments',
    ],
    requirements: [
      'Able to lift up to 50 pounds and stand for a full shift',
      'Forklift certification, or willingness to be certified on site',
      'Basic math and attention to detail',
      'Reliable attendance and a steady work pace',
    ],
    companyWords: ['Logistics', 'Distribution', 'Supply', 'Freight', 'Fulfillment'],
  },
  housekeeping: {
    weight: 6,
    titles: [
      hour('Housekeeper', 14, 19),
      hour('Room Attendant', 14.5, 19),
      hour('Janitor', 15, 20),
      hour('Custodian', 15, 21),
      hour('Laundry Attendant', 14, 18),
      year('Housekeeping Supervisor', 38_000, 52_000),
    ],
    employmentTypes: [['full_time', 55], ['part_time', 40], ['temporary', 5]],
    remoteShare: 0,
    duties: [
      'Clean and restock guest rooms, offices or patient areas to a checklist',
      'Vacuum, mop and sanitize high-touch surfaces',
      'Handle linens and laundry carefully',
      'Report maintenance issues and lost items',
      'Use cleaning chemicals safely and store them correctly',
    ],
    requirements: [
      'Pride in a clean, well-kept space',
      'Able to be on your feet and push a cart for a full shift',
      'Weekend availability is a plus',
    ],
    companyWords: ['Facility Services', 'Cleaning', 'Building Care', 'Hospitality Services'],
  },
  manufacturing: {
    weight: 10,
    titles: [
      hour('Production Worker', 16, 22),
      hour('Machine Operator', 17, 24),
      hour('Assembler', 16, 21),
      hour('CNC Machinist', 22, 32),
      hour('Quality Inspector', 18, 26),
      hour('Welder', 20, 30),
      year('Maintenance Technician', 50_000, 72_000),
      year('Production Supervisor', 55_000, 78_000),
    ],
    employmentTypes: [['full_time', 75], ['temporary', 15], ['contract', 10]],
    remoteShare: 0,
    duties: [
      'Set up and run production equipment to specification',
      'Inspect parts with gauges and calipers and record results',
      'Follow work instructions and standard operating procedures',
      'Keep your work area organized using 5S practices',
      'Work with the team to meet daily output and quality goals',
      'Perform basic preventive maintenance on your machine',
    ],
    requirements: [
      'Mechanical aptitude and comfort with tools',
      'Able to read a tape measure and basic blueprints',
      'Willing to work rotating or overnight shifts',
      'High school diploma or equivalent preferred',
    ],
    companyWords: ['Manufacturing', 'Industries', 'Fabrication', 'Components', 'Products'],
  },
  retail: {
    weight: 12,
    titles: [
      hour('Retail Sales Associate', 14, 18),
      hour('Cashier', 13.5, 17),
      hour('Stock Associate', 14.5, 18.5),
      hour('Customer Service Representative', 15, 20),
      hour('Pharmacy Technician', 17, 23),
      year('Assistant Store Manager', 45_000, 60_000),
      year('Store Manager', 58_000, 85_000),
    ],
    employmentTypes: [['full_time', 40], ['part_time', 55], ['temporary', 5]],
    remoteShare: 0,
    duties: [
      'Greet customers and help them find what they need',
      'Run the register and handle cash and cards accurately',
      'Restock shelves and set up displays',
      'Process returns and answer questions about products',
      'Keep the sales floor clean and organized',
    ],
    requirements: [
      'A friendly, patient manner with customers',
      'Flexible availability including evenings and weekends',
      'Retail or customer service experience is a plus',
    ],
    companyWords: ['Market', 'Outfitters', 'Goods', 'Supply Co.', 'Stores'],
  },
  hospitality: {
    weight: 7,
    titles: [
      hour('Front Desk Agent', 15, 19),
      hour('Hotel Night Auditor', 16, 20),
      hour('Tour Guide', 15, 22),
      hour('Concierge', 16, 22),
      hour('Banquet Server', 14, 20),
      year('Hotel General Manager', 65_000, 95_000),
    ],
    employmentTypes: [['full_time', 55], ['part_time', 40], ['temporary', 5]],
    remoteShare: 0,
    duties: [
      'Welcome guests and handle check-in and check-out',
      'Answer questions about the property and local attractions',
      'Resolve guest concerns quickly and courteously',
      'Coordinate with housekeeping and maintenance',
      'Handle reservations and payments accurately',
    ],
    requirements: [
      'Warm, professional communication',
      'Comfortable with computers and reservation systems',
      'Able to work holidays and weekends',
    ],
    companyWords: ['Hotels', 'Resorts', 'Hospitality Group', 'Inn & Suites', 'Travel'],
  },
  personal_care: {
    weight: 8,
    titles: [
      hour('Caregiver', 15, 20),
      hour('Home Health Aide', 15.5, 20),
      hour('Personal Care Assistant', 15, 19),
      hour('Hair Stylist', 16, 28),
      hour('Massage Therapist', 22, 40),
      hour('Direct Support Professional', 16, 20),
    ],
    employmentTypes: [['full_time', 45], ['part_time', 50], ['contract', 5]],
    remoteShare: 0,
    duties: [
      'Help clients with bathing, dressing and daily routines',
      'Prepare simple meals and remind clients about medication',
      'Provide companionship and encourage independence',
      'Keep clear notes of care given and changes observed',
      'Drive clients to appointments and errands',
    ],
    requirements: [
      'Compassion, patience and reliability',
      'A valid driver license and insured vehicle for some roles',
      'Able to pass a background check',
    ],
    companyWords: ['Home Care', 'Senior Living', 'Care Partners', 'Wellness', 'Companions'],
  },
  education: {
    weight: 6,
    titles: [
      year('Elementary School Teacher', 45_000, 68_000),
      year('High School Math Teacher', 48_000, 72_000),
      hour('Substitute Teacher', 16, 25),
      hour('Teacher Assistant', 15, 19),
      hour('Tutor', 18, 35),
      year('Preschool Teacher', 34_000, 46_000),
    ],
    employmentTypes: [['full_time', 60], ['part_time', 30], ['contract', 10]],
    remoteShare: 0.08,
    duties: [
      'Plan and deliver engaging lessons aligned to standards',
      'Assess student progress and adapt instruction',
      'Communicate regularly with families',
      'Keep a safe, inclusive and organized classroom',
      'Collaborate with colleagues and support staff',
    ],
    requirements: [
      'State teaching certification where required',
      'A genuine interest in helping students learn',
      'Clear written and spoken communication',
    ],
    companyWords: ['Academy', 'Learning Center', 'School District', 'Education', 'Tutoring'],
  },
  healthcare: {
    weight: 12,
    titles: [
      year('Registered Nurse', 72_000, 110_000),
      hour('Licensed Practical Nurse', 25, 34),
      hour('Certified Nursing Assistant', 17, 23),
      hour('Medical Assistant', 18, 24),
      hour('Phlebotomist', 18, 24),
      year('Physical Therapist', 85_000, 110_000),
      hour('Patient Care Technician', 17, 23),
      year('Medical Receptionist', 34_000, 44_000),
    ],
    employmentTypes: [['full_time', 70], ['part_time', 20], ['contract', 10]],
    remoteShare: 0.02,
    duties: [
      'Provide safe, respectful care to patients',
      'Take vital signs and update the electronic health record',
      'Assist providers with exams and procedures',
      'Educate patients and families on care plans',
      'Follow infection control and privacy rules',
    ],
    requirements: [
      'Current license or certification for the role',
      'BLS certification',
      'Strong attention to detail and a calm manner',
    ],
    companyWords: ['Health', 'Medical Center', 'Clinic', 'Health System', 'Care'],
  },
  driving: {
    weight: 10,
    titles: [
      year('CDL-A Truck Driver', 60_000, 90_000),
      hour('Delivery Driver', 17, 24),
      hour('Route Sales Driver', 18, 26),
      hour('School Bus Driver', 18, 25),
      hour('Courier', 16, 21),
      year('Local Box Truck Driver', 45_000, 62_000),
    ],
    employmentTypes: [['full_time', 70], ['part_time', 15], ['contract', 15]],
    remoteShare: 0,
    duties: [
      'Deliver goods on time along an assigned route',
      'Inspect your vehicle before and after each trip',
      'Load and secure freight and collect signatures',
      'Keep accurate logs and follow DOT regulations',
      'Represent the company professionally with customers',
    ],
    requirements: [
      'A valid driver license with a clean driving record',
      'CDL where the vehicle requires it',
      'Able to pass a DOT physical and drug screen',
    ],
    companyWords: ['Transport', 'Trucking', 'Express', 'Delivery', 'Carriers'],
  },
  food_service: {
    weight: 9,
    titles: [
      hour('Line Cook', 16, 21),
      hour('Server', 12, 20),
      hour('Dishwasher', 14, 17),
      hour('Barista', 14, 18),
      hour('Prep Cook', 15, 19),
      year('Restaurant Manager', 50_000, 70_000),
    ],
    employmentTypes: [['full_time', 45], ['part_time', 50], ['temporary', 5]],
    remoteShare: 0,
    duties: [
      'Prepare food to recipe and presentation standards',
      'Keep stations stocked, clean and food-safe',
      'Work as a team during busy services',
      'Follow food safety and allergen procedures',
      'Help open and close the kitchen or floor',
    ],
    requirements: [
      'Food handler card, or able to get one within 30 days',
      'Comfortable in a fast-paced environment',
      'Evening and weekend availability',
    ],
    companyWords: ['Kitchen', 'Grill', 'Bistro', 'Coffee Co.', 'Restaurant Group'],
  },
  office: {
    weight: 6,
    titles: [
      year('Administrative Assistant', 38_000, 50_000),
      year('Office Manager', 48_000, 65_000),
      hour('Receptionist', 15, 19),
      hour('Data Entry Clerk', 15, 19),
      year('Bookkeeper', 42_000, 58_000),
      year('Accounts Payable Specialist', 42_000, 56_000),
      year('Human Resources Coordinator', 45_000, 60_000),
    ],
    employmentTypes: [['full_time', 75], ['part_time', 15], ['contract', 5], ['internship', 5]],
    remoteShare: 0.18,
    duties: [
      'Answer phones and greet visitors',
      'Schedule meetings and manage calendars',
      'Process invoices, expenses and records accurately',
      'Prepare documents, spreadsheets and reports',
      'Order supplies and keep the office running smoothly',
    ],
    requirements: [
      'Proficiency with email, spreadsheets and word processing',
      'Strong organization and follow-through',
      'Professional phone and written manner',
    ],
    companyWords: ['Associates', 'Group', 'Partners', 'Services', 'Solutions'],
  },
};

/** The posting form's benefit choices: demo listings use the same names. */
export const BENEFITS = BENEFIT_CHOICES;

export const COMPANY_PREFIXES = [
  'Summit', 'Harbor', 'Pioneer', 'Evergreen', 'Keystone', 'Lakeside', 'Northstar', 'Bluebird', 'Redwood', 'Liberty',
  'Cornerstone', 'Meridian', 'Silverline', 'Prairie', 'Granite', 'Riverbend', 'Sunrise', 'Beacon', 'Maple', 'Horizon',
  'Cedar', 'Atlas', 'Frontier', 'Heritage', 'Crescent', 'Oakridge', 'Bright Path', 'Golden State', 'Twin Rivers', 'Highland',
];

export const SCHEDULES = [
  'Monday to Friday, day shift',
  '8-hour shifts with some weekends',
  '10-hour shifts, four days a week',
  'Evening shift',
  'Overnight shift',
  'Rotating weekends',
  'Flexible hours',
];
