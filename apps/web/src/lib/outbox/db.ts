/**
 * The device's IndexedDB database (docs/decisions/270): the outbox and what this device has seen
 * of the server's records (lookups that answer without the network). Raw IndexedDB, promisified:
 * a few calls do not need a library in the first load.
 */
export const DB_NAME = 'cooler-hub';
const DB_VERSION = 1;
export const OUTBOX = 'outbox';
export const SEEN = 'seen';

let opening: Promise<IDBDatabase> | null = null;

export function openDb(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, DB_VERSION);
    request.onupgradeneeded = () => {
      const db = request.result;
      const outbox = db.createObjectStore(OUTBOX, { keyPath: 'id' });
      outbox.createIndex('user', 'user');
      const seen = db.createObjectStore(SEEN, { keyPath: 'key' });
      seen.createIndex('user-kind', ['user', 'kind']);
      seen.createIndex('user', 'user');
    };
    request.onsuccess = () => {
      const db = request.result;
      // Another tab upgrading (a new build): let it, and open again next time.
      db.onversionchange = () => {
        db.close();
        opening = null;
      };
      resolve(db);
    };
    request.onerror = () => {
      opening = null;
      reject(request.error ?? new Error('IndexedDB could not be opened'));
    };
  });
  return opening;
}

/** Forgets the open connection (unit tests start each case on a fresh database). */
export function resetDbForTests() {
  opening = null;
}

export function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

/** Runs `work` in one transaction over `stores`; resolves once it has committed. */
export async function inTransaction<T>(
  stores: string[],
  mode: IDBTransactionMode,
  work: (tx: IDBTransaction) => Promise<T> | T,
): Promise<T> {
  const db = await openDb();
  const tx = db.transaction(stores, mode);
  const committed = new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
  const result = await work(tx);
  await committed;
  return result;
}
