/**
 * The /create-dn draft as React state (create-delivery-draft.ts): opened once per visit of the screen from
 * the navigation state, sessionStorage and localStorage, written back to sessionStorage on every
 * change. The three steps share it: they are views of one mounted page.
 */
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import type { DeliveryType } from '@cooler-hub/contract/delivery-types';
import {
  loadDraft,
  openingDraft,
  presetType,
  rememberedType,
  rememberType,
  saveDraft,
  clearDraft,
  type CreateDeliveryDraft,
} from './create-delivery-draft';

const session = () => (typeof window === 'undefined' ? null : window.sessionStorage);
const local = () => (typeof window === 'undefined' ? null : window.localStorage);

export type DraftUpdate<F> = (update: (draft: CreateDeliveryDraft<F>) => CreateDeliveryDraft<F>) => void;

export function useCreateDeliveryDraft<F>() {
  const location = useLocation();
  const [draft, setDraft] = useState<CreateDeliveryDraft<F>>(() =>
    openingDraft(presetType(location.state), loadDraft<F>(session()), rememberedType(local())),
  );

  // Once the note is created nothing is written again: a change that lands after it (the save's
  // own last update, a check answering late) must not bring the finished draft back.
  const finished = useRef(false);
  useEffect(() => {
    if (!finished.current) saveDraft(session(), draft);
  }, [draft]);

  const update: DraftUpdate<F> = setDraft;
  const setType = (type: DeliveryType) => {
    rememberType(local(), type);
    setDraft((d) => ({ ...d, type }));
  };
  const setLbNumbers = (lbNumbers: string[]) => setDraft((d) => ({ ...d, lbNumbers }));
  /** After the note was created: nothing is left to restore. */
  const finish = () => {
    finished.current = true;
    clearDraft(session());
  };

  return { draft, update, setType, setLbNumbers, finish };
}
