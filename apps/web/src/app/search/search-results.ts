/**
 * The result list of the top-bar search as the keyboard walks it: the exact matches first, then
 * each kind's partial matches, one index over all of them (arrows move it, Enter opens it).
 */
import type { SearchHit, SearchKind, SearchResponse } from '@cooler-hub/contract/search';

export interface ResultSection {
  /** 'exact' for the records the text names exactly. */
  key: SearchKind | 'exact';
  items: { hit: SearchHit; index: number }[];
}

export function sectionsOf(answer: SearchResponse): ResultSection[] {
  let index = 0;
  const number = (hits: readonly SearchHit[]) => hits.map((hit) => ({ hit, index: index++ }));
  const sections: ResultSection[] = [];
  if (answer.exact.length > 0) sections.push({ key: 'exact', items: number(answer.exact) });
  for (const group of answer.groups) sections.push({ key: group.kind, items: number(group.items) });
  return sections;
}

export function resultCount(answer: SearchResponse): number {
  return answer.exact.length + answer.groups.reduce((n, g) => n + g.items.length, 0);
}

/** The one record a search names exactly, which opens with no further click; none when zero or several. */
export function soleExactMatch(answer: SearchResponse): SearchHit | null {
  return answer.exact.length === 1 ? answer.exact[0]! : null;
}

/** The next active index for an arrow key: wraps round; -1 (none) steps to the first or last. */
export function stepActive(active: number, count: number, direction: 1 | -1): number {
  if (count === 0) return -1;
  if (active < 0) return direction === 1 ? 0 : count - 1;
  return (active + direction + count) % count;
}
