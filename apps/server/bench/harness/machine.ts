/** What the figures were measured on: they mean little without it. */
import os from 'node:os';
import type { BenchDatabase } from './database';

export interface Machine {
  cores: number;
  cpuModel: string;
  memoryGb: number;
  /** 1, 5 and 15 minutes, at the start of the run. */
  loadAverage: number[];
  /** Share of all cores busy (with anything) over the 2 s before the run. */
  busyBefore: number;
  node: string;
  database: string;
}

/** Share of the machine's CPU time used by anything during `ms`. */
async function cpuBusy(ms: number): Promise<number> {
  const total = () =>
    os.cpus().reduce((acc, { times: t }) => ({ all: acc.all + t.user + t.nice + t.sys + t.irq + t.idle, idle: acc.idle + t.idle }), {
      all: 0,
      idle: 0,
    });
  const a = total();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const b = total();
  return 1 - (b.idle - a.idle) / (b.all - a.all);
}

export interface LoadSample {
  loadAverage: number[];
  busyBefore: number;
}

/** How busy the machine is before the run starts anything. */
export async function sampleLoad(): Promise<LoadSample> {
  const loadAverage = os.loadavg();
  return { loadAverage, busyBefore: await cpuBusy(2000) };
}

/** The machine, with `sample` taken before the run; the database's version asked over a connection of its own. */
export async function describeMachine(database: BenchDatabase, sample: LoadSample): Promise<Machine> {
  await database.connect();
  let version: string;
  try {
    const { rows } = await database.run('select version() as v');
    const v = rows[0]?.v;
    version = (typeof v === 'string' ? v : 'unknown').replace(/ on .*$/, '').replace(/,.*$/, '');
  } finally {
    await database.disconnect();
  }
  return {
    cores: os.availableParallelism(),
    cpuModel: os.cpus()[0]?.model.trim() ?? 'unknown',
    memoryGb: os.totalmem() / 2 ** 30,
    ...sample,
    node: process.version,
    database: `${database.kind === 'PGlite' ? 'PGlite (embedded) ' : ''}${version}`,
  };
}
