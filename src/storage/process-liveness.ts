/**
 * Whether the process that left something behind (a temp folder, a creation claim) still runs on this host:
 * the owner of a leftover named after its process id can be judged at once instead of after an age limit.
 */
export function processIsAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0); // signal 0: only the existence and permission checks
    return true;
  } catch (e) {
    return (e as { code?: string }).code !== 'ESRCH'; // EPERM: alive, another user's
  }
}
