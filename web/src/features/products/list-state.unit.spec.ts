import { describe, expect, it } from 'vitest';
import { allProductsListState, categoryListState, searchListState, searchParamsFromListState, withFilters, type ProductListState } from './list-state';
import { pageNumbers } from './pagination';

const params = (query: string) => new URLSearchParams(query);

describe('listing state from the URL', () => {
  it('reads term, band, sort and page of a category page', () => {
    expect(categoryListState('anime-figures', params('q=%20naruto%20&priceRange=3000-plus&sort=price-low&page=3'))).toEqual({
      category: 'anime-figures',
      q: 'naruto',
      priceRange: '3000-plus',
      sort: 'price-low',
      page: 3,
      view: 'grid',
    });
  });

  it('falls back to the defaults for anything the page does not offer', () => {
    const defaults = { category: 'keychains', q: '', priceRange: 'all', sort: 'featured', page: 1, view: 'grid' };
    expect(categoryListState('keychains', params(''))).toEqual(defaults);
    // A figure band on the keychain page, an unknown sort, pages that are not positive whole numbers.
    expect(categoryListState('keychains', params('priceRange=3000-plus&sort=cheapest&page=0'))).toEqual(defaults);
    for (const page of ['-2', '2abc', '1e3', '1.5', '', 'NaN', '99999999']) expect(categoryListState('keychains', params(`page=${page}`)).page).toBe(1);
    expect(categoryListState('keychains', params('priceRange=1000-plus')).priceRange).toBe('1000-plus');
  });

  it('search takes its term from q and offers the bands of both categories', () => {
    expect(searchListState(params('q=kakshi&priceRange=under-500&page=2'))).toEqual({
      q: 'kakshi',
      priceRange: 'under-500',
      sort: 'featured',
      page: 2,
      view: 'grid',
    });
    expect(searchListState(params('q=kakshi&priceRange=1000-plus')).priceRange).toBe('all');
    expect(searchListState(params('q=%20%20')).q).toBe('');
  });

  it('/products reads only the page (a plain grid)', () => {
    expect(allProductsListState(params('page=4&sort=price-high&priceRange=under-500&q=x'))).toEqual({
      q: '',
      priceRange: 'all',
      sort: 'featured',
      page: 4,
      view: 'grid',
    });
  });

  it('writes a state back as a short, stable query string that reads back to the same state', () => {
    const state: ProductListState = { category: 'anime-figures', q: 'one piece', priceRange: '1000-2000', sort: 'rating', page: 2, view: 'list' };
    const written = searchParamsFromListState(state);
    expect(written.toString()).toBe('q=one+piece&priceRange=1000-2000&sort=rating&page=2&view=list');
    expect(categoryListState('anime-figures', written)).toEqual(state);
    expect(searchParamsFromListState(categoryListState('keychains', params(''))).toString()).toBe('');
  });

  it('the grid/list view comes from ?view=list (anything else is the grid) and survives a filter change', () => {
    expect(categoryListState('keychains', params('view=list')).view).toBe('list');
    expect(categoryListState('keychains', params('view=tiles')).view).toBe('grid');
    expect(searchListState(params('q=goku&view=list')).view).toBe('list');
    expect(withFilters(categoryListState('keychains', params('view=list&page=2')), { sort: 'newest' })).toMatchObject({ view: 'list', page: 1 });
  });

  it('a new term, band or sort starts again at page 1', () => {
    const onPage3 = categoryListState('anime-figures', params('page=3'));
    expect(withFilters(onPage3, { priceRange: 'under-1000' })).toMatchObject({ priceRange: 'under-1000', page: 1 });
    expect(withFilters(onPage3, { sort: 'newest' }).page).toBe(1);
    expect(withFilters(onPage3, { q: 'goku' }).page).toBe(1);
  });
});

describe('page numbers of the pager', () => {
  it('shows every page up to 7, else first, last, the current one and its neighbours with gaps', () => {
    expect(pageNumbers(1, 1)).toEqual([1]);
    expect(pageNumbers(2, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageNumbers(1, 20)).toEqual([1, 2, 3, 4, null, 20]);
    expect(pageNumbers(10, 20)).toEqual([1, null, 9, 10, 11, null, 20]);
    expect(pageNumbers(20, 20)).toEqual([1, null, 17, 18, 19, 20]);
    expect(pageNumbers(3, 4167)).toEqual([1, 2, 3, 4, null, 4167]);
  });
});
