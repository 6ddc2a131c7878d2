/** Word lists for people, streets and clinics of the demo data. */

export const FIRST_NAMES = [
  'James', 'Mary', 'Robert', 'Patricia', 'John', 'Jennifer', 'Michael', 'Linda', 'David', 'Elizabeth',
  'William', 'Barbara', 'Richard', 'Susan', 'Joseph', 'Jessica', 'Thomas', 'Sarah', 'Christopher', 'Karen',
  'Charles', 'Lisa', 'Daniel', 'Nancy', 'Matthew', 'Betty', 'Anthony', 'Sandra', 'Mark', 'Margaret',
  'Donald', 'Ashley', 'Steven', 'Kimberly', 'Andrew', 'Emily', 'Paul', 'Donna', 'Joshua', 'Michelle',
  'Kenneth', 'Carol', 'Kevin', 'Amanda', 'Brian', 'Melissa', 'Timothy', 'Deborah', 'Ronald', 'Stephanie',
  'George', 'Rebecca', 'Jason', 'Sharon', 'Edward', 'Laura', 'Jeffrey', 'Cynthia', 'Ryan', 'Dorothy',
  'Jacob', 'Amy', 'Nicholas', 'Kathleen', 'Gary', 'Angela', 'Eric', 'Shirley', 'Jonathan', 'Emma',
  'Stephen', 'Brenda', 'Larry', 'Pamela', 'Justin', 'Nicole', 'Scott', 'Anna', 'Brandon', 'Samantha',
  'Benjamin', 'Katherine', 'Samuel', 'Christine', 'Gregory', 'Debra', 'Alexander', 'Rachel', 'Patrick', 'Carolyn',
  'Luis', 'Maria', 'Carlos', 'Rosa', 'Jose', 'Ana', 'Miguel', 'Sofia', 'Wei', 'Mei', 'Raj', 'Priya',
  'Tyrone', 'Keisha', 'Darnell', 'Aaliyah', 'Hiroshi', 'Yuki', 'Ahmed', 'Fatima', 'Dmitri', 'Olga',
];

export const LAST_NAMES = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez',
  'Hernandez', 'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin',
  'Lee', 'Perez', 'Thompson', 'White', 'Harris', 'Sanchez', 'Clark', 'Ramirez', 'Lewis', 'Robinson',
  'Walker', 'Young', 'Allen', 'King', 'Wright', 'Scott', 'Torres', 'Nguyen', 'Hill', 'Flores',
  'Green', 'Adams', 'Nelson', 'Baker', 'Hall', 'Rivera', 'Campbell', 'Mitchell', 'Carter', 'Roberts',
  'Gomez', 'Phillips', 'Evans', 'Turner', 'Diaz', 'Parker', 'Cruz', 'Edwards', 'Collins', 'Reyes',
  'Stewart', 'Morris', 'Morales', 'Murphy', 'Cook', 'Rogers', 'Gutierrez', 'Ortiz', 'Morgan', 'Cooper',
  'Peterson', 'Bailey', 'Reed', 'Kelly', 'Howard', 'Ramos', 'Kim', 'Cox', 'Ward', 'Richardson',
  'Watson', 'Brooks', 'Chavez', 'Wood', 'James', 'Bennett', 'Gray', 'Mendoza', 'Ruiz', 'Hughes',
  'Price', 'Alvarez', 'Castillo', 'Sanders', 'Patel', 'Myers', 'Long', 'Ross', 'Foster', 'Jimenez',
  "O'Brien", 'Van der Berg', 'Chen', 'Wang', 'Singh', 'Okafor', 'Kowalski', 'Nakamura', 'Haddad', 'Ivanova',
];

export const STREET_NAMES = [
  'Main St', 'Oak St', 'Pine St', 'Maple Ave', 'Cedar St', 'Elm St', 'Washington St', 'Lake St', 'Hill St',
  'Park Ave', 'Broadway', 'Church St', 'Center St', 'Highland Ave', 'Jefferson St', 'Lincoln Ave', 'Madison Ave',
  'Franklin St', 'Jackson St', 'Market St', 'Union St', 'Ridge Rd', 'Sunset Blvd', 'River Rd', 'Spring St',
  'Commerce Dr', 'Industrial Pkwy', 'Airport Rd', 'Medical Center Dr', 'Professional Pkwy', 'Walnut St',
  'Chestnut St', 'Hickory Ln', 'Meadow Ln', 'Forest Dr', 'Grand Ave', 'Route 9', 'Harbor Blvd', 'Valley View Rd',
];

/** Clinic names: `{city}` is replaced by the clinic's city. */
export const CLINIC_NAME_PATTERNS: ReadonlyArray<readonly [pattern: string, weight: number]> = [
  ['Concentra Urgent Care - {city}', 14],
  ['{city} Occupational Health', 12],
  ['Quest Diagnostics Patient Service Center - {city}', 12],
  ['Labcorp Patient Service Center - {city}', 12],
  ['{city} Urgent Care', 8],
  ['AFC Urgent Care {city}', 6],
  ['NextCare Urgent Care - {city}', 5],
  ['MedExpress Urgent Care - {city}', 5],
  ['WorkCare Clinic of {city}', 5],
  ['{city} Employer Health Center', 5],
  ['Accurate Drug Testing - {city}', 4],
  ['{city} Family Medicine & Occupational Health', 4],
  ['U.S. Physical Therapy & Occ Med - {city}', 3],
  ['Any Lab Test Now - {city}', 5],
];

export const SUITES = ['Suite 100', 'Suite 110', 'Suite 200', 'Suite 210', 'Suite B', 'Unit 4', 'Building 2', 'Suite 300'];
export const APARTMENTS = ['Apt 1', 'Apt 2B', 'Apt 4C', 'Apt 12', 'Unit 7', 'Apt 305', '#3'];

/** A few real area codes per state (first listed is the main one). */
export const AREA_CODES: Readonly<Record<string, readonly number[]>> = {
  AL: [205, 251, 256, 334], AK: [907], AZ: [480, 520, 602, 623, 928], AR: [479, 501, 870],
  CA: [209, 213, 310, 415, 510, 559, 619, 714, 818, 916], CO: [303, 719, 720, 970], CT: [203, 475, 860],
  DC: [202], DE: [302], FL: [239, 305, 321, 352, 407, 561, 727, 813, 850, 904], GA: [229, 404, 470, 478, 678, 706, 770, 912],
  HI: [808], ID: [208], IL: [217, 309, 312, 618, 630, 708, 773, 815, 847], IN: [219, 260, 317, 574, 765, 812],
  IA: [319, 515, 563, 641, 712], KS: [316, 620, 785, 913], KY: [270, 502, 606, 859], LA: [225, 318, 337, 504, 985],
  ME: [207], MD: [240, 301, 410, 443], MA: [339, 413, 508, 617, 774, 781, 978], MI: [231, 248, 313, 517, 586, 616, 734, 810],
  MN: [218, 320, 507, 612, 651, 763, 952], MS: [228, 601, 662], MO: [314, 417, 573, 636, 660, 816], MT: [406],
  NE: [308, 402, 531], NV: [702, 725, 775], NH: [603], NJ: [201, 609, 732, 856, 908, 973], NM: [505, 575],
  NY: [212, 315, 516, 518, 585, 607, 631, 716, 718, 845, 914], NC: [252, 336, 704, 828, 910, 919, 980], ND: [701],
  OH: [216, 234, 330, 419, 440, 513, 614, 740, 937], OK: [405, 539, 580, 918], OR: [503, 541, 971],
  PA: [215, 267, 412, 484, 570, 610, 717, 724, 814], RI: [401], SC: [803, 843, 864], SD: [605],
  TN: [423, 615, 731, 865, 901, 931], TX: [210, 214, 254, 281, 361, 409, 432, 512, 713, 806, 817, 903, 915, 956, 972],
  UT: [385, 435, 801], VT: [802], VA: [276, 434, 540, 571, 703, 757, 804], WA: [206, 253, 360, 425, 509],
  WV: [304, 681], WI: [262, 414, 608, 715, 920], WY: [307],
};

export const US_STATES = Object.keys(AREA_CODES);

/** Free-text `otherTestReason` values (allowed on DOT drug, alcohol and physical orders). */
export const DOT_OTHER_TEST_REASONS = [
  "Medical examiner's certificate renewal",
  'Customer site requirement',
  'Return from extended medical leave',
];

export const COURIERS = ['FedEx', 'UPS', 'Quest Courier', 'Labcorp Courier'];
