/**
 * Creates with a client-generated UUID (docs/architecture.md §4, docs/decisions/020): a retry of the same
 * request answers the row the first one made and creates nothing; the same id with different
 * values is refused with a sentence. The primary key decides races between identical requests.
 */
import { ConflictError } from './errors';

export interface CreateOnceSteps<Row> {
  /** The row that already has the request's id, if any. */
  find(): Promise<Row | undefined>;
  /** Rules checked before a first insert (other unique fields). */
  check(): Promise<void>;
  /** INSERT … ON CONFLICT DO NOTHING RETURNING *: undefined when the id or another unique value was taken meanwhile. */
  insert(): Promise<Row | undefined>;
  /** Whether a stored row holds exactly what this request asks for. */
  matches(row: Row): boolean;
  /** The sentence for the same id with other values. */
  conflict: string;
}

export async function createOnce<Row>(steps: CreateOnceSteps<Row>): Promise<Row> {
  const replay = (row: Row): Row => {
    if (!steps.matches(row)) throw new ConflictError(steps.conflict);
    return row;
  };
  const existing = await steps.find();
  if (existing) return replay(existing);
  // From here on another request may create the row: an identical one (same id) is answered like a
  // retry, whether it shows up in our check (its code is now taken) or in our insert (ON CONFLICT).
  const afterRace = async (error?: unknown): Promise<Row> => {
    const winner = await steps.find();
    if (winner) return replay(winner);
    if (error) throw error;
    await steps.check(); // another request took one of our unique values: that field's 400
    throw new ConflictError(steps.conflict);
  };
  try {
    await steps.check();
  } catch (err) {
    return afterRace(err);
  }
  return (await steps.insert()) ?? afterRace();
}
