import { readFileSync } from 'node:fs';

/**
 * CPU time used so far, in milliseconds, read from a stat file of /proc
 * (Linux: utime + stime in clock ticks of 10 ms; with `waitedChildren`,
 * cutime + cstime, the CPU of the children the process has waited for);
 * null where there is none. A process's file counts all its threads;
 * /proc/<pid>/task/<pid>/stat its main thread alone.
 */
export function cpuMsAt(statFile: string, waitedChildren = false): number | null {
  try {
    const stat = readFileSync(statFile, 'utf8');
    // The fields after the command's name, which may itself hold spaces: the state is [0].
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const at = waitedChildren ? 13 : 11;
    const ms = (Number(fields[at]) + Number(fields[at + 1])) * 10;
    return Number.isFinite(ms) ? ms : null;
  } catch {
    return null;
  }
}
