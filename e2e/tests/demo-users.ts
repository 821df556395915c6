/** The demo users the edge seeds with DEMO=true, as the home page must show them. */
export const DEMO_PASSWORD = 'Passw0rd!';

export interface DemoUser {
  username: string;
  fullName: string;
  /** The displayed role: the acting account's role key in lower case. */
  role: string;
  /** The acting (default) account's label, where it has one. */
  accountLabel?: string;
}

export const DEMO_USERS: readonly DemoUser[] = [
  { username: 'admin', fullName: 'Alex Admin', role: 'admin' },
  { username: 'physician', fullName: 'Priya Raman', role: 'physician' },
  { username: 'nurse', fullName: 'Noah Bennett', role: 'nurse' },
  { username: 'assistant', fullName: 'Ana Silva', role: 'assistant' },
  { username: 'patient', fullName: 'Pat Morgan', role: 'patient' },
  { username: 'patient2', fullName: 'Layla Haddad', role: 'patient' },
  // Two accounts; the default one (Caregiver, role User) is the one acted as.
  { username: 'caregiver', fullName: 'Casey Jordan', role: 'user', accountLabel: 'Caregiver' },
];
