// CPU time spent by processes while a target is loaded, read from /proc (Linux): the server's
// processes (the one the runner started and its workers) and Postgres's, when it runs on this
// machine. Divided by the requests served, it says what a request costs, whatever the machine's
// speed or its other load.
import fs from "node:fs";

/** Clock ticks a second of /proc's utime and stime (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;

interface Stat {
  pid: number;
  comm: string;
  ppid: number;
  /** utime + stime, in ms. */
  cpuMs: number;
}

function readStat(pid: number): Stat | undefined {
  let text: string;
  try {
    text = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return undefined; // gone meanwhile
  }
  // The command name is in parentheses and may hold spaces: the fields follow its last ")".
  const close = text.lastIndexOf(")");
  const comm = text.slice(text.indexOf("(") + 1, close);
  const fields = text.slice(close + 2).split(" ");
  // fields[0] is field 3 (state): ppid is field 4, utime 14, stime 15.
  const ticks = Number(fields[11]) + Number(fields[12]);
  return { pid, comm, ppid: Number(fields[1]), cpuMs: (ticks * 1000) / TICKS_PER_SECOND };
}

function allStats(): Stat[] {
  if (!fs.existsSync("/proc/self/stat")) return [];
  return fs
    .readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .map((name) => readStat(Number(name)))
    .filter((stat): stat is Stat => stat !== undefined);
}

/** CPU ms so far of the server (`serverPid` and its children) and of every `postgres` process. */
export function cpuSnapshot(serverPid: number | undefined): { server?: number; postgres?: number } {
  const stats = allStats();
  if (stats.length === 0) return {};
  const server = serverPid === undefined ? [] : stats.filter((s) => s.pid === serverPid || s.ppid === serverPid);
  const postgres = stats.filter((s) => s.comm === "postgres");
  const sum = (list: Stat[]) => list.reduce((ms, s) => ms + s.cpuMs, 0);
  return {
    server: server.length ? sum(server) : undefined,
    postgres: postgres.length ? sum(postgres) : undefined,
  };
}
