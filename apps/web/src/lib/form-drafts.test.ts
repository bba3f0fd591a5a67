import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { draftToRestore } from './draft-to-restore';
import { draftKey, forgetAllDrafts } from './form-drafts';

/** The tab's session storage, as the browser gives it (a Map behind the Storage interface). */
class MemoryStorage {
  private readonly items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  clear() {
    this.items.clear();
  }
}

describe('form drafts', () => {
  let storage: MemoryStorage;
  beforeEach(() => {
    storage = new MemoryStorage();
    // Object.keys(sessionStorage) lists its items in a browser: the stand-in's own properties do.
    const proxy = new Proxy(storage, {
      ownKeys: (target) => [...Array(target.length).keys()].map((i) => target.key(i) as string),
      getOwnPropertyDescriptor: (target, key) =>
        typeof key === 'string' && target.getItem(key) !== null
          ? { enumerable: true, configurable: true, value: target.getItem(key) }
          : undefined,
    });
    Object.assign(globalThis, { window: { sessionStorage: proxy } });
  });
  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'window');
  });

  it("keeps each author's draft under a key of its own", () => {
    expect(draftKey(7, 'create-shop')).not.toBe(draftKey(8, 'create-shop'));
    expect(draftKey(null, 'contact')).not.toBe(draftKey(7, 'contact'));
  });

  it('forgets every draft, and nothing else the tab keeps', () => {
    storage.setItem(draftKey(7, 'create-shop'), '{"shop_name":"Marmalade"}');
    storage.setItem(draftKey(null, 'contact'), '{"message":"Hello"}');
    storage.setItem('parade:reloaded-for-new-build', '123');
    forgetAllDrafts();
    expect(storage.getItem(draftKey(7, 'create-shop'))).toBeNull();
    expect(storage.getItem(draftKey(null, 'contact'))).toBeNull();
    expect(storage.getItem('parade:reloaded-for-new-build')).toBe('123');
  });
});

describe('draftToRestore', () => {
  const fields = ['name', 'subject', 'message', 'tags'];

  it('puts back the named fields the form holds nothing in yet', () => {
    const saved = JSON.stringify({ name: 'Ada', subject: 'Order 12', message: 'Late', other: 'x' });
    expect(draftToRestore(saved, { name: '', subject: '', message: '', tags: [] }, fields)).toEqual({
      name: 'Ada',
      subject: 'Order 12',
      message: 'Late',
    });
  });

  it('never replaces what is on screen: typed before the code arrived, or from the profile', () => {
    const saved = JSON.stringify({ name: 'Ada', subject: 'Old subject', message: 'Old words', tags: ['a'] });
    expect(draftToRestore(saved, { name: 'Ada Lovelace', subject: 'New', message: '', tags: [] }, fields)).toEqual({
      message: 'Old words',
      tags: ['a'],
    });
  });

  it('puts back nothing empty, and answers null for a draft it cannot read', () => {
    expect(draftToRestore(JSON.stringify({ name: '', tags: [] }), { name: '', tags: [] }, fields)).toEqual({});
    expect(draftToRestore('{not json', { name: '' }, fields)).toBeNull();
    expect(draftToRestore('[1,2]', { name: '' }, fields)).toBeNull();
  });
});
