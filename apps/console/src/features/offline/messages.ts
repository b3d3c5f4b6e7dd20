/** The console's words about working offline (ours: the spec has no offline screens). */
export const OFFLINE_MSG = {
  offline: 'You are offline.',
  waiting: (n: number) => (n === 1 ? '1 change will be sent when you are online.' : `${n} changes will be sent when you are online.`),
  sending: (n: number) => (n === 1 ? 'Sending 1 change made offline…' : `Sending ${n} changes made offline…`),
  rejected: (message: string) => `A change made offline was not saved: ${message}`,
  dismiss: 'Dismiss',
  signOutTitle: 'Changes not sent yet',
  signOutBody: (n: number) =>
    `${n === 1 ? '1 change' : `${n} changes`} made offline ${n === 1 ? 'has' : 'have'} not reached the server yet. Signing out deletes ${n === 1 ? 'it' : 'them'} and your downloads from this browser.`,
  stay: 'Stay signed in',
  signOutAnyway: 'Sign out anyway',
} as const
