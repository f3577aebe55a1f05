/**
 * Every page of a v1 list: the paged collections answer `data.list` with `total`, `page`, `size` and `pages`
 * (docs/api/conventions.md#paging). `pages` asks page 1, 2, … until the last; `items` gives their items one by one.
 */
import { unwrap, type V1Result } from './envelope.js';

/** One page of a v1 list. */
export interface PageData<Item> {
  list: Item[];
  total: number;
  page: number;
  size: number;
  pages: number;
}

/**
 * The pages of a list, asked one after another by `ask(page)` (pages count from 1); an error answer throws a
 * TyphoonApiError. A list that grows while it is read may repeat an item at a page boundary.
 */
export async function* pages<Item>(ask: (page: number) => PromiseLike<V1Result<PageData<Item>>>): AsyncGenerator<PageData<Item>> {
  for (let page = 1; ; page++) {
    const data = await unwrap(ask(page));
    yield data;
    if (page >= data.pages) return;
  }
}

/** The items of every page, in order. */
export async function* items<Item>(ask: (page: number) => PromiseLike<V1Result<PageData<Item>>>): AsyncGenerator<Item> {
  for await (const page of pages(ask)) yield* page.list;
}
