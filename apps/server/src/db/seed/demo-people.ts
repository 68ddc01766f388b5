/** Invented names for contacts and witnesses. */
export const FIRST_NAMES = [
  'Avery', 'Jordan', 'Morgan', 'Taylor', 'Riley', 'Cameron', 'Quinn', 'Reese', 'Dana', 'Jamie',
  'Maria', 'James', 'Priya', 'Wei', 'Olivia', 'Marcus', 'Elena', 'Samuel', 'Grace', 'Hector',
  'Naomi', 'Victor', 'Leah', 'Andre', 'Sofia', 'Darnell', 'Hannah', 'Tomas', 'Keiko', 'Ruth',
] as const;

export const LAST_NAMES = [
  'Alvarez', 'Brennan', 'Chowdhury', 'Dawson', 'Ellison', 'Fitzgerald', 'Garrison', 'Holloway', 'Ibarra', 'Jensen',
  'Kowalski', 'Lindqvist', 'Mendoza', 'Nakamura', 'Okafor', 'Pemberton', 'Quintero', 'Rasmussen', 'Sandoval', 'Thornton',
  'Underwood', 'Vasquez', 'Whitfield', 'Xu', 'Yardley', 'Zimmerman', 'Abernathy', 'Castellano', 'Delgado', 'Easton',
] as const;

/** The reverse distributor's own staff, who witness destructions. */
export const STAFF_WITNESSES = [
  'Dana Whitfield',
  'Marcus Okafor',
  'Elena Sandoval',
  'Samuel Jensen',
  'Grace Holloway',
  'Victor Nakamura',
  'Ruth Pemberton',
  'Andre Castellano',
] as const;
