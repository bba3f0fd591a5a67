import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { ProductFilters, ProductSort } from './product-cards';
import { type ListingScope, onListingsChanged } from './read-model';

/**
 * The list index (decision 036): what the product lists filter and sort on, for every listable
 * product, in memory: its id, card price, units sold, creation time (microseconds), category and
 * sub-category slugs, brand slug, shop id and shop slug. A page of any filter, sort and depth is
 * then worked out here (a walk along a kept sort order, or the filter's own products sorted), and
 * the database is asked only for the page's cards, by primary key; the count and the price range
 * of a filtered set are a pass over its products here, never a scan of the table.
 *
 * It follows the read model: every refresh and every sale (read-model.ts) tells it which products
 * changed, and the next list request re-reads just those rows (one statement) and moves them in
 * the kept orders before answering, so a write through this process is in the next list. Each
 * such product is read once more RECHECK_MS later, in case the first read raced the write's
 * commit. A repair ('all') has lists answered from SQL until it is read again whole; and it is
 * read whole again in the background every RELOAD_MS (or ten times the last read's time, if
 * longer), for writes made by other API processes: those show in this process's lists (which
 * products, in which order) within that time, while every card's contents, price and stock are
 * read fresh with the page (a product no longer listable is left out of it).
 *
 * The orders are the SQL lists' own (product-cards.ts, `sortOrder`): price and units sold with the
 * newest-first tie-break (created_at desc, id desc), date by (created_at, id) in the asked
 * direction. Its statements are marked (LIST_INDEX_STATEMENT_MARK), so statement counts can tell
 * them from a request's own.
 */
export const LIST_INDEX_STATEMENT_MARK = '/* list index */';

const CHUNK_ROWS = 20_000;
const RECHECK_MS = 1_000;
const RELOAD_MS = 30_000;
/** Above this many changed products, the orders are rebuilt by one merge instead of moves. */
const MOVES_AT_MOST = 48;

type OrderName = 'priceAsc' | 'priceDesc' | 'newest' | 'soldDesc' | 'soldAsc' | 'ratingDesc' | 'ratingAsc';
const ORDER_NAMES: OrderName[] = ['priceAsc', 'priceDesc', 'newest', 'soldDesc', 'soldAsc', 'ratingDesc', 'ratingAsc'];
type Facet = 'category' | 'sub' | 'brand' | 'shopSlug' | 'shopId';
const FACETS: Facet[] = ['category', 'sub', 'brand', 'shopSlug', 'shopId'];

interface KeyRow {
  id: number;
  price: number | null;
  /** The dearest active variation's price (the top of a price range). */
  top: number | null;
  sold: number;
  /** The rating average; null for none (decision 044). */
  rating: number | null;
  rating_count: number;
  created: number;
  category: string | null;
  sub: string | null;
  brand: string | null;
  shop_id: number;
  shop: string | null;
  listable: boolean;
}

let indexSerial = 0;

/** A growable list of slots; removal swaps in the last one (order does not matter). */
class SlotList {
  items = new Int32Array(8);
  length = 0;
  push(slot: number): number {
    if (this.length === this.items.length) {
      const grown = new Int32Array(this.items.length * 2);
      grown.set(this.items);
      this.items = grown;
    }
    this.items[this.length] = slot;
    return this.length++;
  }
  /** Removes the item at `at`; returns the slot moved into its place, or -1. */
  removeAt(at: number): number {
    const last = --this.length;
    if (at === last) return -1;
    const moved = this.items[last]!;
    this.items[at] = moved;
    return moved;
  }
}

/** The filters of a request in the index's terms; `empty` when a filter names nothing listed. */
export interface ResolvedFilters {
  empty: boolean;
  categories: Int32Array | null;
  sub: number;
  brand: number;
  shopSlug: number;
  shopId: number;
  /** Products matching the search: 1 at their slots. */
  searched: Uint8Array | null;
  min: number | undefined;
  max: number | undefined;
  /** The smallest set of slots every match is in (a facet's or the search's), or null: all. */
  candidates: Int32Array | null;
  candidateCount: number;
  /** Which filter the candidates are (its test is then already passed by each of them). */
  candidateFilter: CandidateFilter | null;
}

type CandidateFilter = 'sub' | 'brand' | 'shopSlug' | 'shopId' | 'categories' | 'search';

export class ListIndex {
  /** Listable products. */
  n = 0;
  private cap = 0;
  private ids = new Int32Array(0);
  /** Card price; +Infinity for none (never for a listable product; as SQL puts nulls: last ascending, first descending). */
  private price = new Float64Array(0);
  /** The dearest variation's price; -Infinity for none. */
  private top = new Float64Array(0);
  /** The highest `top` of every listable product, worked out when first asked after a change. */
  private topOfAll: number | null | undefined;
  private sold = new Int32Array(0);
  /** Rating average; NaN for none (last in both rating orders, as SQL's `nulls last`). */
  private rating = new Float64Array(0);
  private ratingCount = new Int32Array(0);
  private created = new Float64Array(0);
  private codes: Record<Facet, Int32Array> = {
    category: new Int32Array(0),
    sub: new Int32Array(0),
    brand: new Int32Array(0),
    shopSlug: new Int32Array(0),
    shopId: new Int32Array(0),
  };
  private positions: Record<Facet, Int32Array> = {
    category: new Int32Array(0),
    sub: new Int32Array(0),
    brand: new Int32Array(0),
    shopSlug: new Int32Array(0),
    shopId: new Int32Array(0),
  };
  private postings: Record<Facet, Map<number, SlotList>> = {
    category: new Map(),
    sub: new Map(),
    brand: new Map(),
    shopSlug: new Map(),
    shopId: new Map(),
  };
  private orders: Record<OrderName, Int32Array> = {
    priceAsc: new Int32Array(0),
    priceDesc: new Int32Array(0),
    newest: new Int32Array(0),
    soldDesc: new Int32Array(0),
    soldAsc: new Int32Array(0),
    ratingDesc: new Int32Array(0),
    ratingAsc: new Int32Array(0),
  };
  /** Each slot's position in each order (sorting a filter's own products is then a sort of numbers). */
  private ranks: Record<OrderName, Int32Array> = {
    priceAsc: new Int32Array(0),
    priceDesc: new Int32Array(0),
    newest: new Int32Array(0),
    soldDesc: new Int32Array(0),
    soldAsc: new Int32Array(0),
    ratingDesc: new Int32Array(0),
    ratingAsc: new Int32Array(0),
  };
  /** Scratch: one byte per position of an order (page(): marked, read and cleared in one call). */
  private marks = new Uint8Array(0);
  /** Each product id's slot, or -1 (ids are a serial: an array is far smaller than a Map). */
  private slotById = new Int32Array(0);
  /** Slots handed out so far (some may be free again). */
  private slotCount = 0;
  private free: number[] = [];
  private dictionary = new Map<string, number>();

  private readonly compare: Record<OrderName, (a: number, b: number) => number>;

  constructor() {
    const newest = (a: number, b: number) => this.created[b]! - this.created[a]! || this.ids[b]! - this.ids[a]!;
    const byPrice = (a: number, b: number) => {
      const pa = this.price[a]!;
      const pb = this.price[b]!;
      return pa === pb ? 0 : pa < pb ? -1 : 1;
    };
    // Unrated last in either direction, then more reviews first (product-cards.ts, sortOrder).
    const byRating = (a: number, b: number, direction: 1 | -1) => {
      const ra = this.rating[a]!;
      const rb = this.rating[b]!;
      const aNone = Number.isNaN(ra);
      const bNone = Number.isNaN(rb);
      if (aNone !== bNone) return aNone ? 1 : -1;
      if (!aNone && ra !== rb) return ra < rb ? -direction : direction;
      return this.ratingCount[b]! - this.ratingCount[a]!;
    };
    this.compare = {
      priceAsc: (a, b) => byPrice(a, b) || newest(a, b),
      priceDesc: (a, b) => byPrice(b, a) || newest(a, b),
      newest,
      soldDesc: (a, b) => this.sold[b]! - this.sold[a]! || newest(a, b),
      soldAsc: (a, b) => this.sold[a]! - this.sold[b]! || newest(a, b),
      ratingDesc: (a, b) => byRating(a, b, -1) || newest(a, b),
      ratingAsc: (a, b) => byRating(a, b, 1) || newest(a, b),
    };
  }

  /** Every listable product, from rows read in any order. */
  static build(rows: KeyRow[]): ListIndex {
    const index = new ListIndex();
    index.add(rows);
    return index.sorted();
  }

  /** Adds rows while reading (before sorted()): a chunk at a time, so no whole read is held. */
  add(rows: KeyRow[]) {
    this.grow(Math.max(16, this.slotCount + rows.length));
    for (const row of rows) if (row.listable) this.place(this.newSlot(), row);
  }

  /** Builds the kept orders once every row is added (no slot is free yet: add() only appends). */
  sorted(): ListIndex {
    this.compact();
    for (const name of ORDER_NAMES) this.sortOrder(name);
    return this;
  }

  /** The same, giving the event loop a turn between orders (a server's read: 5 sorts of every product). */
  async sortedInTurns(): Promise<ListIndex> {
    this.compact();
    for (const name of ORDER_NAMES) {
      await new Promise((resolve) => setImmediate(resolve));
      this.sortOrder(name);
    }
    return this;
  }

  /** Room for new products without keeping the doubling the read itself grew by. */
  private compact() {
    this.resize(this.slotCount + Math.max(1024, this.slotCount >> 4));
  }

  private sortOrder(name: OrderName) {
    const order = new Int32Array(this.cap);
    let at = 0;
    for (let slot = 0; slot < this.slotCount; slot++) order[at++] = slot;
    order.subarray(0, at).sort(this.compare[name]);
    this.orders[name] = order;
    this.rank(name, 0, at);
  }

  /** Writes the positions from..to-1 of an order into its ranks. */
  private rank(name: OrderName, from: number, to: number) {
    const order = this.orders[name];
    const ranks = this.ranks[name];
    for (let i = from; i < to; i++) ranks[order[i]!] = i;
  }

  /** Whether a row read again says something other than the index (a new, changed or unlisted product). */
  differs(row: KeyRow): boolean {
    const slot = this.slotFor(row.id);
    if (slot === undefined) return row.listable;
    return !row.listable || !this.sameKeys(slot, row);
  }

  /** The ids of every product listed here. */
  listedIds(): number[] {
    const ids: number[] = [];
    for (let id = 0; id < this.slotById.length; id++) if (this.slotById[id]! >= 0) ids.push(id);
    return ids;
  }

  private slotFor(id: number): number | undefined {
    const slot = id >= 0 && id < this.slotById.length ? this.slotById[id]! : -1;
    return slot < 0 ? undefined : slot;
  }

  has(id: number): boolean {
    return this.slotFor(id) !== undefined;
  }

  /** The shops with a listable product. */
  listedShopIds(): number[] {
    return [...this.postings.shopId.keys()];
  }

  /** Moves whenever a shop gains its first listable product here or loses its last. */
  shopsVersion = 0;
  /** This index among every one made in the process (a new read is a new index). */
  readonly serial = ++indexSerial;

  // ---- keeping it right ----------------------------------------------------------------------

  private grow(capacity: number) {
    if (capacity <= this.cap) return;
    this.resize(Math.max(capacity, this.cap * 2));
  }

  /** Every per-slot array at `cap` slots (at least the slots handed out). */
  private resize(cap: number) {
    const widen = <A extends Int32Array | Float64Array>(old: A, make: (n: number) => A): A => {
      const next = make(cap);
      next.set(old.length > cap ? old.subarray(0, cap) : old);
      return next;
    };
    this.ids = widen(this.ids, (n) => new Int32Array(n));
    this.price = widen(this.price, (n) => new Float64Array(n));
    this.top = widen(this.top, (n) => new Float64Array(n));
    this.sold = widen(this.sold, (n) => new Int32Array(n));
    this.rating = widen(this.rating, (n) => new Float64Array(n));
    this.ratingCount = widen(this.ratingCount, (n) => new Int32Array(n));
    this.created = widen(this.created, (n) => new Float64Array(n));
    for (const facet of FACETS) {
      this.codes[facet] = widen(this.codes[facet], (n) => new Int32Array(n));
      this.positions[facet] = widen(this.positions[facet], (n) => new Int32Array(n));
    }
    for (const name of ORDER_NAMES) {
      this.orders[name] = widen(this.orders[name], (n) => new Int32Array(n));
      this.ranks[name] = widen(this.ranks[name], (n) => new Int32Array(n));
    }
    this.cap = cap;
  }

  private newSlot(): number {
    const reused = this.free.pop();
    if (reused !== undefined) return reused;
    const slot = this.slotCount++;
    this.grow(slot + 1);
    return slot;
  }

  private code(text: string | null): number {
    if (text === null) return -1;
    let code = this.dictionary.get(text);
    if (code === undefined) {
      code = this.dictionary.size;
      this.dictionary.set(text, code);
    }
    return code;
  }

  /** Writes a product's keys into a slot and adds it to its facets' lists (not to the orders). */
  private place(slot: number, row: KeyRow) {
    this.ids[slot] = row.id;
    this.price[slot] = row.price === null ? Number.POSITIVE_INFINITY : row.price;
    this.top[slot] = row.top === null ? Number.NEGATIVE_INFINITY : row.top;
    this.topOfAll = undefined;
    this.sold[slot] = row.sold;
    this.rating[slot] = row.rating === null ? Number.NaN : row.rating;
    this.ratingCount[slot] = row.rating_count;
    this.created[slot] = row.created;
    if (row.id >= this.slotById.length) {
      const grown = new Int32Array(Math.max(row.id + 1, this.slotById.length * 2)).fill(-1);
      grown.set(this.slotById);
      this.slotById = grown;
    }
    this.slotById[row.id] = slot;
    const values: Record<Facet, number> = {
      category: this.code(row.category),
      sub: this.code(row.sub),
      brand: this.code(row.brand),
      shopSlug: this.code(row.shop),
      shopId: row.shop_id,
    };
    for (const facet of FACETS) {
      const value = values[facet];
      this.codes[facet][slot] = value;
      let list = this.postings[facet].get(value);
      if (!list) {
        list = new SlotList();
        this.postings[facet].set(value, list);
        if (facet === 'shopId') this.shopsVersion++;
      }
      this.positions[facet][slot] = list.push(slot);
    }
    this.n++;
  }

  /** Takes a slot out of its facets' lists (not out of the orders). */
  private unplace(slot: number) {
    for (const facet of FACETS) {
      const list = this.postings[facet].get(this.codes[facet][slot]!)!;
      const moved = list.removeAt(this.positions[facet][slot]!);
      if (moved >= 0) this.positions[facet][moved] = this.positions[facet][slot]!;
      if (list.length === 0) {
        this.postings[facet].delete(this.codes[facet][slot]!);
        if (facet === 'shopId') this.shopsVersion++;
      }
    }
    this.slotById[this.ids[slot]!] = -1;
    this.topOfAll = undefined;
    this.n--;
  }

  /** Where a slot is (or belongs) in an order of `length` slots: the first position not before it. */
  private seek(name: OrderName, slot: number, length: number): number {
    const order = this.orders[name];
    const compare = this.compare[name];
    let lo = 0;
    let hi = length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compare(order[mid]!, slot) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private removeFromOrder(name: OrderName, slot: number, length: number) {
    const order = this.orders[name];
    const at = this.seek(name, slot, length);
    if (order[at] !== slot) throw new Error('list index: a product is not where its keys say');
    order.copyWithin(at, at + 1, length);
    this.rank(name, at, length - 1);
  }

  private insertIntoOrder(name: OrderName, slot: number, length: number) {
    const order = this.orders[name];
    const at = this.seek(name, slot, length);
    order.copyWithin(at + 1, at, length);
    order[at] = slot;
    this.rank(name, at, length + 1);
  }

  /**
   * Applies products read again (`rows`) and the ids asked for that are no longer listable or
   * gone (`ids` without a listable row).
   */
  apply(ids: Iterable<number>, rows: KeyRow[]) {
    const byId = new Map(rows.map((row) => [row.id, row]));
    const changes: { id: number; slot: number | undefined; row: KeyRow | undefined }[] = [];
    for (const id of new Set([...ids, ...byId.keys()])) {
      const row = byId.get(id);
      const listed = row?.listable ? row : undefined;
      const slot = this.slotFor(id);
      if (slot === undefined && !listed) continue;
      if (slot !== undefined && listed && this.sameKeys(slot, listed)) continue;
      changes.push({ id, slot, row: listed });
    }
    if (changes.length === 0) return;
    if (changes.length > MOVES_AT_MOST) {
      this.applyByMerge(changes);
      return;
    }
    for (const { slot, row } of changes) {
      const length = this.n;
      if (slot !== undefined) {
        const priceMoves = !row || this.price[slot] !== (row.price ?? Number.POSITIVE_INFINITY);
        const soldMoves = !row || this.sold[slot] !== row.sold;
        const ratingMoves = !row || !this.sameRating(slot, row);
        const all = !row || this.created[slot] !== row.created;
        const moving = ORDER_NAMES.filter(
          (name) =>
            all ||
            ((name === 'priceAsc' || name === 'priceDesc') && priceMoves) ||
            ((name === 'soldDesc' || name === 'soldAsc') && soldMoves) ||
            ((name === 'ratingDesc' || name === 'ratingAsc') && ratingMoves),
        );
        for (const name of moving) this.removeFromOrder(name, slot, length);
        this.unplace(slot);
        if (row) {
          this.place(slot, row);
          for (const name of moving) this.insertIntoOrder(name, slot, length - 1);
        } else {
          this.free.push(slot);
        }
      } else if (row) {
        const fresh = this.newSlot();
        this.place(fresh, row);
        for (const name of ORDER_NAMES) this.insertIntoOrder(name, fresh, length);
      }
    }
  }

  private sameRating(slot: number, row: KeyRow): boolean {
    return Object.is(this.rating[slot], row.rating ?? Number.NaN) && this.ratingCount[slot] === row.rating_count;
  }

  private sameKeys(slot: number, row: KeyRow): boolean {
    const codeOf = (text: string | null) => (text === null ? -1 : (this.dictionary.get(text) ?? -2));
    return (
      this.price[slot] === (row.price ?? Number.POSITIVE_INFINITY) &&
      this.top[slot] === (row.top ?? Number.NEGATIVE_INFINITY) &&
      this.sold[slot] === row.sold &&
      this.sameRating(slot, row) &&
      this.created[slot] === row.created &&
      this.codes.category[slot] === codeOf(row.category) &&
      this.codes.sub[slot] === codeOf(row.sub) &&
      this.codes.brand[slot] === codeOf(row.brand) &&
      this.codes.shopSlug[slot] === codeOf(row.shop) &&
      this.codes.shopId[slot] === row.shop_id
    );
  }

  /** Many changes at once (a shop's products): every order filtered and merged with the changed ones, sorted. */
  private applyByMerge(changes: { id: number; slot: number | undefined; row: KeyRow | undefined }[]) {
    const oldLength = this.n;
    const touched = new Set<number>();
    for (const change of changes) if (change.slot !== undefined) touched.add(change.slot);
    const kept: Record<OrderName, Int32Array> = {} as Record<OrderName, Int32Array>;
    for (const name of ORDER_NAMES) {
      const order = this.orders[name];
      const out = new Int32Array(oldLength);
      let at = 0;
      for (let i = 0; i < oldLength; i++) if (!touched.has(order[i]!)) out[at++] = order[i]!;
      kept[name] = out.subarray(0, at);
    }
    const added: number[] = [];
    for (const { slot, row } of changes) {
      if (slot !== undefined) {
        this.unplace(slot);
        if (row) {
          this.place(slot, row);
          added.push(slot);
        } else this.free.push(slot);
      } else if (row) {
        const fresh = this.newSlot();
        this.place(fresh, row);
        added.push(fresh);
      }
    }
    for (const name of ORDER_NAMES) {
      const compare = this.compare[name];
      const incoming = Int32Array.from(added).sort(compare);
      const base = kept[name];
      const order = new Int32Array(this.cap);
      let i = 0;
      let j = 0;
      let at = 0;
      while (i < base.length && j < incoming.length) {
        order[at++] = compare(base[i]!, incoming[j]!) <= 0 ? base[i++]! : incoming[j++]!;
      }
      while (i < base.length) order[at++] = base[i++]!;
      while (j < incoming.length) order[at++] = incoming[j++]!;
      this.orders[name] = order;
      this.rank(name, 0, at);
    }
  }

  // ---- answering -----------------------------------------------------------------------------

  /** The filters in the index's terms. `searchedIds`: the ids matching the search filter, when there is one. */
  resolve(filters: ProductFilters, searchedIds: readonly number[] | null): ResolvedFilters {
    const known = (text: string | undefined) => (text === undefined ? -1 : (this.dictionary.get(text) ?? Number.NaN));
    const categoryCodes = filters.categories?.length
      ? Int32Array.from(
          [...new Set(filters.categories)].map((slug) => this.dictionary.get(slug)).filter((c) => c !== undefined),
        )
      : null;
    const sub = known(filters.sub);
    const brand = known(filters.brand);
    const shopSlug = known(filters.shop);
    const shopId = filters.shopId ?? -1;
    let searched: Uint8Array | null = null;
    const searchedSlots: number[] = [];
    if (searchedIds) {
      searched = new Uint8Array(this.cap);
      for (const id of searchedIds) {
        const slot = this.slotFor(id);
        if (slot !== undefined) {
          searched[slot] = 1;
          searchedSlots.push(slot);
        }
      }
    }
    const resolved: ResolvedFilters = {
      empty:
        (categoryCodes !== null && categoryCodes.length === 0) ||
        Number.isNaN(sub) ||
        Number.isNaN(brand) ||
        Number.isNaN(shopSlug) ||
        (searched !== null && searchedSlots.length === 0),
      categories: categoryCodes,
      sub,
      brand,
      shopSlug,
      shopId,
      searched,
      min: filters.minPrice,
      max: filters.maxPrice,
      candidates: null,
      candidateCount: this.n,
      candidateFilter: null,
    };
    if (resolved.empty) return resolved;
    // The smallest list every match is in.
    const consider = (items: Int32Array, count: number, filter: CandidateFilter) => {
      if (count < resolved.candidateCount || resolved.candidates === null) {
        resolved.candidates = items;
        resolved.candidateCount = count;
        resolved.candidateFilter = filter;
      }
    };
    const posting = (facet: Facet, value: number, filter: CandidateFilter) => {
      const list = this.postings[facet].get(value);
      consider(list ? list.items : new Int32Array(0), list ? list.length : 0, filter);
    };
    if (sub >= 0) posting('sub', sub, 'sub');
    if (brand >= 0) posting('brand', brand, 'brand');
    if (shopSlug >= 0) posting('shopSlug', shopSlug, 'shopSlug');
    if (shopId >= 0) posting('shopId', shopId, 'shopId');
    if (categoryCodes?.length === 1) posting('category', categoryCodes[0]!, 'categories');
    else if (categoryCodes) {
      const all: number[] = [];
      for (const code of categoryCodes) {
        const list = this.postings.category.get(code);
        if (list) for (let i = 0; i < list.length; i++) all.push(list.items[i]!);
      }
      consider(Int32Array.from(all), all.length, 'categories');
    }
    if (searched) consider(Int32Array.from(searchedSlots), searchedSlots.length, 'search');
    return resolved;
  }

  /**
   * Whether a slot passes every filter but the price (and but `skip`: the filter the candidates
   * are, which each of them passes already); null when nothing is left to test.
   */
  private matcher(f: ResolvedFilters, skip: CandidateFilter | null = null): ((slot: number) => boolean) | null {
    // Every filter as a plain number captured once (-1: none), so the test compiles to a few compares.
    const { category, sub, brand, shopSlug, shopId } = this.codes;
    const useCategories = skip !== 'categories' && f.categories !== null;
    const oneCategory = useCategories && f.categories!.length === 1 ? f.categories![0]! : -1;
    const categories = useCategories && f.categories!.length > 1 ? f.categories : null;
    const wantSub = skip === 'sub' ? -1 : f.sub;
    const wantBrand = skip === 'brand' ? -1 : f.brand;
    const wantShopSlug = skip === 'shopSlug' ? -1 : f.shopSlug;
    const wantShopId = skip === 'shopId' ? -1 : f.shopId;
    const searched = skip === 'search' ? null : f.searched;
    if (
      wantSub < 0 &&
      wantBrand < 0 &&
      wantShopSlug < 0 &&
      wantShopId < 0 &&
      oneCategory < 0 &&
      categories === null &&
      searched === null
    ) {
      return null;
    }
    return (slot) =>
      (wantSub < 0 || sub[slot] === wantSub) &&
      (wantBrand < 0 || brand[slot] === wantBrand) &&
      (wantShopSlug < 0 || shopSlug[slot] === wantShopSlug) &&
      (wantShopId < 0 || shopId[slot] === wantShopId) &&
      (oneCategory < 0 || category[slot] === oneCategory) &&
      (categories === null || categories.includes(category[slot]!)) &&
      (searched === null || searched[slot] === 1);
  }

  /** Both tests in one, or null when neither tests anything. */
  private static both(
    a: ((slot: number) => boolean) | null,
    b: ((slot: number) => boolean) | null,
  ): ((slot: number) => boolean) | null {
    if (a && b) return (slot) => a(slot) && b(slot);
    return a ?? b;
  }

  private priceMatcher(f: ResolvedFilters): ((slot: number) => boolean) | null {
    const { min, max } = f;
    if (min === undefined && max === undefined) return null;
    const price = this.price;
    return (slot) => {
      const p = price[slot]!;
      return p !== Number.POSITIVE_INFINITY && (min === undefined || p >= min) && (max === undefined || p <= max);
    };
  }

  /** The highest variation price of every listable product (a pass over them once after each change). */
  private highestTop(): number | null {
    if (this.topOfAll === undefined) {
      const order = this.orders.priceAsc;
      let max = Number.NEGATIVE_INFINITY;
      for (let i = 0; i < this.n; i++) {
        const t = this.top[order[i]!]!;
        if (t > max) max = t;
      }
      this.topOfAll = max === Number.NEGATIVE_INFINITY ? null : max;
    }
    return this.topOfAll;
  }

  /**
   * The count within the price filter and the price range ignoring it, exact: a pass over the
   * smallest list every match is in (or, with no filter but the price, two searches of the price
   * order). The range runs from the cheapest card price to the dearest variation price (`top`).
   */
  aggregate(f: ResolvedFilters): { total: number; min: number | null; max: number | null } {
    if (f.empty) return { total: 0, min: null, max: null };
    const onlyPrice = f.candidates === null;
    if (onlyPrice) {
      const order = this.orders.priceAsc;
      let last = this.n - 1;
      while (last >= 0 && this.price[order[last]!] === Number.POSITIVE_INFINITY) last--;
      const unpriced = f.min === undefined && f.max === undefined;
      if (last < 0) return { total: unpriced ? this.n : 0, min: null, max: null };
      const min = this.price[order[0]!]!;
      const max = this.highestTop() ?? this.price[order[last]!]!;
      if (unpriced) return { total: this.n, min, max };
      const from = f.min === undefined ? 0 : this.firstPriceAtLeast(f.min);
      const to = f.max === undefined ? last + 1 : this.firstPriceAbove(f.max);
      return { total: Math.max(0, Math.min(to, last + 1) - from), min, max };
    }
    const matches = this.matcher(f, f.candidateFilter);
    const inPrice = this.priceMatcher(f);
    let total = 0;
    let min = Number.POSITIVE_INFINITY;
    let max = Number.NEGATIVE_INFINITY;
    const items = f.candidates!;
    for (let i = 0; i < f.candidateCount; i++) {
      const slot = items[i]!;
      if (matches && !matches(slot)) continue;
      const p = this.price[slot]!;
      if (p !== Number.POSITIVE_INFINITY) {
        if (p < min) min = p;
        const t = Math.max(p, this.top[slot]!);
        if (t > max) max = t;
      }
      if (!inPrice || inPrice(slot)) total++;
    }
    return min === Number.POSITIVE_INFINITY ? { total, min: null, max: null } : { total, min, max };
  }

  /** The first position of the ascending price order whose price is at least `price`. */
  private firstPriceAtLeast(price: number): number {
    const order = this.orders.priceAsc;
    let lo = 0;
    let hi = this.n;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.price[order[mid]!]! < price) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private firstPriceAbove(price: number): number {
    const order = this.orders.priceAsc;
    let lo = 0;
    let hi = this.n;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.price[order[mid]!]! <= price) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The first position of the descending price order whose price is at most `price`. */
  private firstPriceAtMost(price: number): number {
    const order = this.orders.priceDesc;
    let lo = 0;
    let hi = this.n;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.price[order[mid]!]! > price) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /**
   * The ids of one page: `limit` matches after skipping `offset`, in the sort's order. `matchCount`,
   * when known (the aggregate's count), chooses between walking the kept order and sorting the
   * filter's own products better than the candidates' count alone.
   */
  page(f: ResolvedFilters, sort: ProductSort, offset: number, limit: number, matchCount?: number): number[] {
    if (f.empty || limit <= 0 || this.n === 0) return [];
    if (matchCount !== undefined && offset >= matchCount) return [];
    if (f.candidates !== null && f.candidateCount === 0) return [];
    const name: OrderName =
      sort.sortBy === 'price'
        ? sort.descending
          ? 'priceDesc'
          : 'priceAsc'
        : sort.sortBy === 'best_selling'
          ? sort.descending
            ? 'soldDesc'
            : 'soldAsc'
          : sort.sortBy === 'rating'
            ? sort.descending
              ? 'ratingDesc'
              : 'ratingAsc'
            : 'newest';
    const backwards = sort.sortBy === 'date' && !sort.descending;
    const inPrice = this.priceMatcher(f);
    const need = offset + limit;
    const m = f.candidateCount;
    // The filter's own products (the candidates), tested for the other filters and sorted by
    // their positions in the order (a sort of plain numbers): m tests and k log k cheap steps.
    // A walk along the kept order instead tests every product it passes, about need * n / k.
    const k = Math.max(1, Math.min(m, matchCount ?? m));
    const gatherTest = ListIndex.both(this.matcher(f, f.candidateFilter), inPrice);
    const walkCost = Math.min(this.n, (need * this.n) / k);
    const gatherCost = (gatherTest ? m : m / 8) + (k * Math.log2(k + 1)) / 4;
    const out: number[] = [];
    if (f.candidates !== null && gatherCost < walkCost) {
      const ranks = this.ranks[name];
      const picked = new Int32Array(m);
      let count = 0;
      const items = f.candidates;
      if (gatherTest) {
        for (let i = 0; i < m; i++) {
          const slot = items[i]!;
          if (gatherTest(slot)) picked[count++] = ranks[slot]!;
        }
      } else {
        for (let i = 0; i < m; i++) picked[count++] = ranks[items[i]!]!;
      }
      const order = this.orders[name];
      const last = Math.min(need, count);
      // The first `need` positions: by sorting them all, or, when that costs more, by marking them
      // in a byte per position and reading the marks from the order's start (about need * n / count).
      const span = Math.min(this.n, (need * this.n) / Math.max(1, count));
      if (count * Math.log2(count + 1) <= span * 4) {
        const sorted = picked.subarray(0, count).sort();
        for (let i = offset; i < last; i++) out.push(this.ids[order[sorted[backwards ? count - 1 - i : i]!]!]!);
        return out;
      }
      if (this.marks.length < this.n) this.marks = new Uint8Array(this.cap);
      const marks = this.marks;
      for (let i = 0; i < count; i++) marks[picked[i]!] = 1;
      let seen = 0;
      if (backwards) {
        for (let position = this.n - 1; position >= 0 && seen < last; position--) {
          if (marks[position] === 1 && seen++ >= offset) out.push(this.ids[order[position]!]!);
        }
      } else {
        for (let position = 0; position < this.n && seen < last; position++) {
          if (marks[position] === 1 && seen++ >= offset) out.push(this.ids[order[position]!]!);
        }
      }
      for (let i = 0; i < count; i++) marks[picked[i]!] = 0;
      return out;
    }
    const passes = ListIndex.both(this.matcher(f), inPrice) ?? (() => true);
    const order = this.orders[name];
    const length = this.n;
    let skipped = 0;
    const take = (slot: number) => {
      if (!passes(slot)) return false;
      if (skipped < offset) skipped++;
      else out.push(this.ids[slot]!);
      return out.length >= limit;
    };
    if (backwards) {
      for (let i = length - 1; i >= 0; i--) if (take(order[i]!)) break;
      return out;
    }
    // A price sort with a price filter starts at the band and stops past it.
    let from = 0;
    let stop = (_slot: number) => false;
    if (name === 'priceAsc' && (f.min !== undefined || f.max !== undefined)) {
      from = f.min === undefined ? 0 : this.firstPriceAtLeast(f.min);
      if (f.max !== undefined) {
        const max = f.max;
        stop = (slot) => this.price[slot]! > max;
      }
    } else if (name === 'priceDesc' && (f.min !== undefined || f.max !== undefined)) {
      from = f.max === undefined ? 0 : this.firstPriceAtMost(f.max);
      if (f.min !== undefined) {
        const min = f.min;
        stop = (slot) => this.price[slot]! < min;
      }
    }
    for (let i = from; i < length; i++) {
      const slot = order[i]!;
      if (stop(slot)) break;
      if (take(slot)) break;
    }
    return out;
  }
}

// ---- one index per database handle ------------------------------------------------------------

interface Pending {
  due: number;
  ids?: number[];
  shopId?: number;
  brandId?: number;
}

interface State {
  index: ListIndex | null;
  /** A repair changed everything: lists are answered from SQL until the index is read again. */
  stale: boolean;
  loading: Promise<void> | null;
  patching: Promise<void> | null;
  pending: Pending[];
  /** Changes seen while a whole read ran: applied again once it is in place. */
  sinceLoad: Pending[] | null;
  loadedAt: number;
  loadMs: number;
}

const states = new WeakMap<object, State>();
const live = new Set<WeakRef<State>>();

function keyColumns(where: ReturnType<typeof sql>) {
  return sql`${sql.raw(LIST_INDEX_STATEMENT_MARK)} select p.id, p.card_price as price, p.top_price as top, p.units_sold as sold,
    p.rating_average::float8 as rating, p.rating_count,
    (extract(epoch from p.created_at) * 1000000)::float8 as created,
    c.slug as category, s.slug as sub, p.brand_slug as brand, p.shop_id, p.shop_slug as shop, p.listable
    from products p
    left join categories c on c.id = p.category_id
    left join sub_categories s on s.id = p.sub_category_id
    where ${where}`;
}

async function readRows(db: DbOrTx, query: ReturnType<typeof sql>): Promise<KeyRow[]> {
  const reply = (await db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  return reply.rows.map((r) => ({
    id: Number(r.id),
    price: r.price === null ? null : Number(r.price),
    top: r.top === null || r.top === undefined ? null : Number(r.top),
    sold: Number(r.sold),
    rating: r.rating === null || r.rating === undefined ? null : Number(r.rating),
    rating_count: Number(r.rating_count ?? 0),
    created: Number(r.created),
    category: (r.category as string | null) ?? null,
    sub: (r.sub as string | null) ?? null,
    brand: (r.brand as string | null) ?? null,
    shop_id: Number(r.shop_id),
    shop: (r.shop as string | null) ?? null,
    listable: r.listable === true || r.listable === 't',
  }));
}

/** Every listable product, a chunk of the primary key at a time (a short statement each). */
async function forEachChunk(db: DbOrTx, each: (rows: KeyRow[]) => void): Promise<void> {
  let after = 0;
  for (;;) {
    const chunk = await readRows(
      db,
      keyColumns(sql`p.listable and p.id > ${after} order by p.id limit ${sql.raw(String(CHUNK_ROWS))}`),
    );
    each(chunk);
    if (chunk.length < CHUNK_ROWS) return;
    after = chunk[chunk.length - 1]!.id;
  }
}

/** The first read: every listable product, then the orders sorted. */
async function readAll(db: DbOrTx): Promise<ListIndex> {
  const index = new ListIndex();
  await forEachChunk(db, (rows) => index.add(rows));
  return index.sortedInTurns();
}

/**
 * A later read (another process's writes, a repair): every listable product compared with the
 * index, and only what differs applied (moves, or one merge when many), so the orders are not
 * sorted again and the event loop is never held for long.
 */
async function readAgain(db: DbOrTx, index: ListIndex): Promise<void> {
  const changed: KeyRow[] = [];
  // Which ids were read, one byte each (a Set of a million numbers would cost tens of MB).
  let seen = new Uint8Array(1024);
  await forEachChunk(db, (rows) => {
    for (const row of rows) {
      if (row.id >= seen.length) {
        const grown = new Uint8Array(Math.max(row.id + 1, seen.length * 2));
        grown.set(seen);
        seen = grown;
      }
      seen[row.id] = 1;
      if (index.differs(row)) changed.push(row);
    }
  });
  const gone = index.listedIds().filter((id) => id >= seen.length || seen[id] === 0);
  index.apply([...changed.map((row) => row.id), ...gone], changed);
}

onListingsChanged((scope: ListingScope) => {
  const now = Date.now();
  const marks: Pending[] =
    scope === 'all'
      ? []
      : 'productIds' in scope
        ? scope.productIds.length
          ? [{ due: now, ids: scope.productIds }]
          : []
        : 'shopId' in scope
          ? [{ due: now, shopId: scope.shopId }]
          : [{ due: now, brandId: scope.brandId }];
  for (const ref of live) {
    const state = ref.deref();
    if (!state) {
      live.delete(ref);
      continue;
    }
    if (scope === 'all') {
      state.stale = true;
      continue;
    }
    for (const mark of marks) {
      state.pending.push(mark, { ...mark, due: now + RECHECK_MS });
      state.sinceLoad?.push(mark);
    }
  }
});

function startLoad(db: DbOrTx, state: State): Promise<void> {
  if (state.loading) return state.loading;
  state.sinceLoad = [];
  const wasStale = state.stale;
  state.stale = false;
  const started = performance.now();
  const current = state.index;
  const read = current ? readAgain(db, current).then(() => current) : readAll(db);
  state.loading = read
    .then((index) => {
      state.index = index;
      state.loadMs = performance.now() - started;
      state.loadedAt = Date.now();
      // What changed while it was read may predate what was read: read those again.
      const now = Date.now();
      for (const mark of state.sinceLoad ?? []) state.pending.push({ ...mark, due: now });
    })
    .catch((error: unknown) => {
      if (wasStale) state.stale = true;
      throw error;
    })
    .finally(() => {
      state.sinceLoad = null;
      state.loading = null;
    });
  return state.loading;
}

/**
 * Reads the index for this database handle (at start-up, in the background; tests await it). Lists
 * asked before it is in place are answered from SQL.
 */
export function loadListIndex(db: DbOrTx): Promise<void> {
  let state = states.get(db);
  if (!state) {
    state = {
      index: null,
      stale: false,
      loading: null,
      patching: null,
      pending: [],
      sinceLoad: null,
      loadedAt: 0,
      loadMs: 0,
    };
    states.set(db, state);
    live.add(new WeakRef(state));
  }
  return startLoad(db, state);
}

async function patch(db: DbOrTx, state: State, index: ListIndex): Promise<void> {
  const now = Date.now();
  const due = state.pending.filter((p) => p.due <= now);
  state.pending = state.pending.filter((p) => p.due > now);
  const ids = new Set<number>();
  const shops = new Set<number>();
  const brandIds = new Set<number>();
  for (const p of due) {
    for (const id of p.ids ?? []) ids.add(id);
    if (p.shopId !== undefined) shops.add(p.shopId);
    if (p.brandId !== undefined) brandIds.add(p.brandId);
  }
  // Each set as one array literal (drizzle would spread a JS array into one parameter per id).
  const array = (values: Set<number>) => `{${[...values].join(',')}}`;
  const conditions = [];
  if (ids.size) conditions.push(sql`p.id = any(${array(ids)}::int[])`);
  if (shops.size) conditions.push(sql`p.shop_id = any(${array(shops)}::int[])`);
  if (brandIds.size) conditions.push(sql`p.brand_id = any(${array(brandIds)}::int[])`);
  if (conditions.length === 0) return;
  try {
    const rows = await readRows(db, keyColumns(sql.join(conditions, sql` or `)));
    index.apply(ids, rows);
  } catch (error) {
    // Not applied: asked again by the next request.
    state.pending.push(...due);
    throw error;
  }
}

/**
 * The index of this database handle, with every change made through this process applied, or
 * null when lists should be answered from SQL (not read yet, or being read again after a repair).
 */
export async function currentListIndex(db: DbOrTx): Promise<ListIndex | null> {
  const state = states.get(db);
  if (!state) return null;
  if (state.stale) {
    startLoad(db, state).catch(() => {});
    return null;
  }
  const index = state.index;
  if (!index) return null;
  const now = Date.now();
  while (state.pending.some((p) => p.due <= now) || state.patching) {
    if (!state.patching) {
      state.patching = patch(db, state, index).finally(() => {
        state.patching = null;
      });
    }
    await state.patching;
  }
  if (state.index !== index) return currentListIndex(db);
  if (!state.loading && now - state.loadedAt > Math.max(RELOAD_MS, state.loadMs * 10)) {
    startLoad(db, state).catch(() => {});
  }
  return index;
}
