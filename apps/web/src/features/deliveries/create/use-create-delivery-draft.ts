/**
 * The /create-dn draft as React state (create-dn-draft.ts): opened once per visit of the screen from
 * the navigation state, sessionStorage and localStorage, written back to sessionStorage on every
 * change. The three steps share it: they are views of one mounted page.
 */
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import type { DeliveryType } from '@cooler-hub/contract/delivery-types';
import { loadDraft, openingDraft, presetType, rememberedType, rememberType, saveDraft, clearDraft, type CreateDnDraft } from './create-delivery-draft';

const session = () => (typeof window === 'undefined' ? null : window.sessionStorage);
const local = () => (typeof window === 'undefined' ? null : window.localStorage);

export type DraftUpdate<F> = (update: (draft: CreateDnDraft<F>) => CreateDnDraft<F>) => void;

export function useCreateDnDraft<F>() {
  const location = useLocation();
  const [draft, setDraft] = useState<CreateDnDraft<F>>(() => openingDraft(presetType(location.state), loadDraft<F>(session()), rememberedType(local())));

  useEffect(() => {
    saveDraft(session(), draft);
  }, [draft]);

  const update: DraftUpdate<F> = setDraft;
  const setType = (type: DeliveryType) => {
    rememberType(local(), type);
    setDraft((d) => ({ ...d, type }));
  };
  const setLbNumbers = (lbNumbers: string[]) => setDraft((d) => ({ ...d, lbNumbers }));
  /** After the note was created: nothing is left to restore. */
  const finish = () => clearDraft(session());

  return { draft, update, setType, setLbNumbers, finish };
}
