import { describe, expect, it } from 'vitest';
import {
  clearDraft,
  completeLabel,
  createDeliveryTitle,
  listPathAfterCreate,
  DRAFT_KEY,
  loadDraft,
  openingDraft,
  presetType,
  rememberedType,
  rememberType,
  saveDraft,
  TYPE_KEY,
  type DraftStorage,
} from './create-delivery-draft';

function memoryStorage(initial: Record<string, string> = {}): DraftStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

describe('presetType', () => {
  it('reads a delivery type from navigation state', () => {
    expect(presetType({ type: 'scrap' })).toBe('scrap');
    expect(presetType({ type: 'error_sheet' })).toBe('error_sheet');
  });
  it('ignores anything else', () => {
    expect(presetType(null)).toBeNull();
    expect(presetType(undefined)).toBeNull();
    expect(presetType({ type: 'bogus' })).toBeNull();
    expect(presetType('scrap')).toBeNull();
  });
});

describe('the remembered type', () => {
  it('is stored and read back', () => {
    const local = memoryStorage();
    expect(rememberedType(local)).toBeNull();
    rememberType(local, 'scrap');
    expect(local.data.get(TYPE_KEY)).toBe('scrap');
    expect(rememberedType(local)).toBe('scrap');
  });
  it('is null when the stored value is not a type, or storage throws', () => {
    expect(rememberedType(memoryStorage({ [TYPE_KEY]: 'nope' }))).toBeNull();
    const broken: DraftStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => undefined,
      removeItem: () => undefined,
    };
    expect(rememberedType(broken)).toBeNull();
    expect(rememberedType(null)).toBeNull();
  });
});

describe('the stored draft', () => {
  it('survives a round trip and is cleared', () => {
    const session = memoryStorage();
    const draft = { type: 'transfer' as const, fields: { businessName: 'Acme' }, lbNumbers: ['LB1', 'LB2'] };
    saveDraft(session, draft);
    expect(loadDraft(session)).toEqual(draft);
    clearDraft(session);
    expect(session.data.has(DRAFT_KEY)).toBe(false);
    expect(loadDraft(session)).toBeNull();
  });

  it('rejects what is not a draft', () => {
    for (const text of [
      '{',
      'null',
      '[]',
      '{"type":"x","fields":null,"lbNumbers":[]}',
      '{"type":"scrap","fields":null,"lbNumbers":[1]}',
      '{"type":"scrap","fields":"a","lbNumbers":[]}',
    ]) {
      expect(loadDraft(memoryStorage({ [DRAFT_KEY]: text }))).toBeNull();
    }
  });
});

describe('openingDraft', () => {
  const stored = { type: 'scrap' as const, fields: { a: 1 }, lbNumbers: ['LB1'] };

  it('keeps the stored draft without a preset (reload, Back to the preparation)', () => {
    expect(openingDraft(null, stored, 'transfer')).toBe(stored);
  });
  it('keeps the stored draft when the preset is of its type', () => {
    expect(openingDraft('scrap', stored, null)).toBe(stored);
  });
  it('starts afresh when a list presets another type', () => {
    expect(openingDraft('error_sheet', stored, 'scrap')).toEqual({ type: 'error_sheet', fields: null, lbNumbers: [] });
  });
  it('starts with the remembered type, else transfer', () => {
    expect(openingDraft(null, null, 'scrap')).toEqual({ type: 'scrap', fields: null, lbNumbers: [] });
    expect(openingDraft(null, null, null).type).toBe('transfer');
  });
});

describe('labels', () => {
  it('follow the type (docs/product.md §2.13)', () => {
    expect(createDeliveryTitle('transfer')).toBe('Create Delivery Note');
    expect(createDeliveryTitle('scrap')).toBe('Create Delivery Note');
    expect(createDeliveryTitle('error_sheet')).toBe('Create Error Sheet');
    expect(completeLabel('scrap')).toBe('Complete delivery note');
    expect(completeLabel('error_sheet')).toBe('Complete error sheet');
  });
});

describe('listPathAfterCreate', () => {
  it('goes to the list of the type (docs/product.md §2.13)', () => {
    expect(listPathAfterCreate('transfer')).toBe('/delivery-list/transfer');
    expect(listPathAfterCreate('scrap')).toBe('/delivery-list/scrap');
    expect(listPathAfterCreate('error_sheet')).toBe('/error-sheet');
  });
  it('knows no other type', () => {
    expect(listPathAfterCreate('pallet')).toBeNull();
    expect(listPathAfterCreate(undefined)).toBeNull();
  });
});
