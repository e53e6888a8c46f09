/**
 * The keys that put the focus in the top-bar search from anywhere: Ctrl+K (⌘K on a Mac), and '/'
 * unless the person is typing in another field.
 */
import { useEffect, type RefObject } from 'react';

/** What the focus may be on, as far as the shortcut cares (an Element, or a stand-in in tests). */
export type FocusedElement = Pick<HTMLElement, 'tagName'> & Partial<Pick<HTMLElement, 'isContentEditable'>> & { type?: string };

const NOT_TYPED_INTO = new Set(['button', 'checkbox', 'radio', 'submit', 'reset', 'file', 'range', 'color', 'image']);

function isEditable(element: FocusedElement | null): boolean {
  if (!element) return false;
  if (element.isContentEditable) return true;
  const tag = element.tagName.toUpperCase();
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  return tag === 'INPUT' && !NOT_TYPED_INTO.has((element.type ?? 'text').toLowerCase());
}

export function isSearchShortcut(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>,
  focused: FocusedElement | null,
): boolean {
  if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') return true;
  return event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && !isEditable(focused);
}

export function useSearchShortcut(input: RefObject<HTMLInputElement | null>): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || !isSearchShortcut(event, document.activeElement)) return;
      event.preventDefault();
      input.current?.focus();
      input.current?.select();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [input]);
}
