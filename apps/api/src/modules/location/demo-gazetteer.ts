import type { Geocoder, PostcodeLocation } from './geocoder';

/**
 * The demo geocoder: a small bundled gazetteer of the East London parade's surroundings
 * (and a few far-away towns, to show an out-of-area answer), so `npm start` works offline.
 * Coordinates are approximate district centres with small offsets per postcode: good to a
 * few hundred metres, which is all a delivery radius needs. Use GEOCODER=postcodes.io for
 * real coordinates.
 */
interface District {
  outward: string;
  area: string;
  latitude: number;
  longitude: number;
  /** Inward codes of postcodes listed for autocomplete. */
  units: string[];
}

const districts: District[] = [
  {
    outward: 'E1',
    area: 'Whitechapel, Tower Hamlets',
    latitude: 51.5177,
    longitude: -0.0655,
    units: ['0AD', '0AE', '1BY', '1DU', '2AA', '3BH', '4NS', '5JL', '6AN', '6QL', '7QX', '8EW'],
  },
  {
    outward: 'E1W',
    area: 'Wapping, Tower Hamlets',
    latitude: 51.5065,
    longitude: -0.0585,
    units: ['1AA', '2JH', '3DG', '3TD'],
  },
  {
    outward: 'E2',
    area: 'Bethnal Green, Tower Hamlets',
    latitude: 51.529,
    longitude: -0.061,
    units: ['0AA', '6DG', '7DG', '8AA', '9PJ'],
  },
  {
    outward: 'E3',
    area: 'Bow, Tower Hamlets',
    latitude: 51.528,
    longitude: -0.024,
    units: ['2AA', '3BT', '4DJ', '5SN'],
  },
  {
    outward: 'E8',
    area: 'Hackney Central, Hackney',
    latitude: 51.543,
    longitude: -0.067,
    units: ['1DY', '2LX', '3PH', '4RJ'],
  },
  {
    outward: 'E14',
    area: 'Poplar, Tower Hamlets',
    latitude: 51.505,
    longitude: -0.02,
    units: ['0AA', '5AB', '6AX', '9GE'],
  },
  { outward: 'EC1A', area: 'Clerkenwell, City of London', latitude: 51.5185, longitude: -0.1, units: ['1BB', '7BE'] },
  { outward: 'EC2A', area: 'Shoreditch, Hackney', latitude: 51.5237, longitude: -0.0826, units: ['3AY', '4NE'] },
  { outward: 'E9', area: 'Homerton, Hackney', latitude: 51.546, longitude: -0.042, units: ['5BD', '6DU', '7HD'] },
  { outward: 'E15', area: 'Stratford, Newham', latitude: 51.543, longitude: 0.006, units: ['1AZ', '2DU', '4HT'] },
  { outward: 'E16', area: 'Canning Town, Newham', latitude: 51.511, longitude: 0.028, units: ['1AH', '2QU', '4HQ'] },
  {
    outward: 'E17',
    area: 'Walthamstow, Waltham Forest',
    latitude: 51.585,
    longitude: -0.02,
    units: ['4JF', '7HU', '9NH'],
  },
  { outward: 'N1', area: 'Islington', latitude: 51.538, longitude: -0.099, units: ['0PR', '1AA', '9GU'] },
  { outward: 'SE1', area: 'Southwark', latitude: 51.501, longitude: -0.094, units: ['7PB', '9GF'] },
  { outward: 'SW1A', area: 'Westminster', latitude: 51.501, longitude: -0.141, units: ['1AA', '2AA'] },
  { outward: 'RM1', area: 'Romford, Havering', latitude: 51.577, longitude: 0.183, units: ['3BD', '4AA'] },
  { outward: 'M1', area: 'Manchester City Centre', latitude: 53.479, longitude: -2.24, units: ['1AE', '3BB', '4BT'] },
  { outward: 'B1', area: 'Birmingham City Centre', latitude: 52.48, longitude: -1.903, units: ['1BB', '2JB'] },
  { outward: 'G1', area: 'Glasgow City Centre', latitude: 55.86, longitude: -4.25, units: ['1DN', '3SL'] },
];

/** A small, stable offset (about ±300 m) per postcode so units of a district are not all at one point. */
function offset(postcode: string): [number, number] {
  let hash = 0;
  for (const char of postcode) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return [((hash % 1000) / 1000 - 0.5) * 0.006, (((hash >>> 10) % 1000) / 1000 - 0.5) * 0.009];
}

function locate(district: District, postcode: string): PostcodeLocation {
  const [dLat, dLon] = offset(postcode);
  return {
    postcode,
    latitude: Number((district.latitude + dLat).toFixed(5)),
    longitude: Number((district.longitude + dLon).toFixed(5)),
    area: district.area,
  };
}

const entries: PostcodeLocation[] = districts.flatMap((d) => d.units.map((unit) => locate(d, `${d.outward} ${unit}`)));
const compact = (text: string) => text.replace(/\s+/g, '').toUpperCase();

export class DemoGeocoder implements Geocoder {
  readonly name = 'demo';

  async autocomplete(partial: string, limit: number): Promise<PostcodeLocation[]> {
    // "E1 6" must not match "E16 1AH": with a space, match the spaced form; without, the compact one.
    const spaced = partial.trim().replace(/\s+/g, ' ').toUpperCase();
    const matches = spaced.includes(' ')
      ? (e: PostcodeLocation) => e.postcode.startsWith(spaced)
      : (e: PostcodeLocation) => compact(e.postcode).startsWith(spaced);
    return entries.filter(matches).slice(0, limit);
  }

  /** A listed postcode, else any well-formed postcode in a listed district (at its centre). */
  async lookup(postcode: string): Promise<PostcodeLocation | null> {
    const wanted = compact(postcode);
    const listed = entries.find((e) => compact(e.postcode) === wanted);
    if (listed) return listed;
    const outward = wanted.slice(0, -3);
    const district = districts.find((d) => d.outward === outward);
    return district ? locate(district, `${outward} ${wanted.slice(-3)}`) : null;
  }
}
