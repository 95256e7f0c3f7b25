/** Logs out, then loads `/` afresh: no prefetched account page or in-memory state survives (spec §2: after logout the user goes to /). */
export async function logoutAndGoHome(logout: () => Promise<void>): Promise<void> {
  await logout();
  window.location.assign('/');
}
