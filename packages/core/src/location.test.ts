import { describe, expect, it } from 'vitest';
import {
  chooseCollection,
  chooseDelivery,
  clearLocation,
  closeLocationModal,
  initialLocation,
  parseCollectionPoints,
  pruneCollectionPoint,
} from './location';

const parade = { value: 'Jubilee Parade', note: 'Mon-Sat 8-7' };
const hall = { value: 'Community Hall' };

describe('order type and location', () => {
  it('starts as collection with nothing chosen', () => {
    expect(initialLocation).toEqual({ orderType: 'collection', selectedLocation: null });
  });

  it('choosing a collection point replaces a delivery selection, and the reverse', () => {
    const delivery = chooseDelivery('E2 6DG', 'E2 6DG, Bethnal Green');
    expect(delivery).toEqual({
      orderType: 'delivery',
      selectedLocation: { type: 'delivery', location: { postcode: 'E2 6DG', address: 'E2 6DG, Bethnal Green' } },
    });
    expect(chooseCollection(parade)).toEqual({
      orderType: 'collection',
      selectedLocation: { type: 'collection', location: parade },
    });
  });

  it('removing the selection clears the stored location', () => {
    expect(clearLocation(chooseCollection(parade)).selectedLocation).toBeNull();
  });

  it('closing the modal picks delivery for an all-digital cart, else collection', () => {
    expect(closeLocationModal(initialLocation, true).orderType).toBe('delivery');
    expect(closeLocationModal(initialLocation, false).orderType).toBe('collection');
  });

  it('closing the modal keeps the order type of a location already chosen', () => {
    expect(closeLocationModal(chooseDelivery('E2 6DG', 'x'), false).orderType).toBe('delivery');
    expect(closeLocationModal(chooseCollection(parade), true).orderType).toBe('collection');
  });

  it('drops a stored collection point that is no longer configured', () => {
    expect(pruneCollectionPoint(chooseCollection(parade), [hall]).selectedLocation).toBeNull();
    expect(pruneCollectionPoint(chooseCollection(parade), [parade, hall]).selectedLocation).not.toBeNull();
    const delivery = chooseDelivery('E2 6DG', 'x');
    expect(pruneCollectionPoint(delivery, [])).toBe(delivery);
  });

  it('gives a stored collection point the note configured now, and changes nothing when it is the same', () => {
    const stored = chooseCollection({ value: 'Jubilee Parade', note: 'Mon-Fri 9-5' });
    expect(pruneCollectionPoint(stored, [parade, hall]).selectedLocation).toEqual({
      type: 'collection',
      location: parade,
    });
    const noNote = chooseCollection({ value: 'Jubilee Parade' });
    expect(pruneCollectionPoint(noNote, [parade]).selectedLocation).toEqual({ type: 'collection', location: parade });
    const same = chooseCollection(parade);
    expect(pruneCollectionPoint(same, [{ ...parade }, hall])).toBe(same);
    const atHall = chooseCollection(hall);
    expect(pruneCollectionPoint(atHall, [parade, { value: 'Community Hall' }])).toBe(atHall);
  });

  it('reads the configured collection points and ignores malformed ones', () => {
    expect(parseCollectionPoints(JSON.stringify([parade, hall, { note: 'no value' }, 'x']))).toEqual([parade, hall]);
    expect(parseCollectionPoints('not json')).toEqual([]);
    expect(parseCollectionPoints(undefined)).toEqual([]);
  });
});
