/**
 * A small static map of one clinic, drawn on the server as SVG from the US state outlines of the
 * `us-atlas` data package: no tiles, no script, nothing fetched, so it works offline and costs the
 * page nothing. An equirectangular view about 3 degrees high, centred on the clinic.
 */
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { MultiPolygon, Polygon, Position } from 'geojson';
import { feature } from 'topojson-client';
import statesTopology from 'us-atlas/states-10m.json';

const WIDTH = 480;
const HEIGHT = 220;
const HALF_HEIGHT_DEGREES = 1.6;

type States = Topology<{ states: GeometryCollection<{ name: string }> }>;
let cached: Array<{ name: string; rings: Position[][] }> | undefined;

function stateRings() {
  if (cached) return cached;
  const topology = statesTopology as unknown as States;
  const collection = feature(topology, topology.objects.states);
  cached = collection.features.map((f) => {
    const geometry = f.geometry as Polygon | MultiPolygon;
    const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
    return { name: f.properties.name, rings: polygons.flat() };
  });
  return cached;
}

/** `caption`: the clinic's address in words (the coordinates stay in the caption's title). */
export function ClinicMiniMap({ lat, long, label, caption }: { lat: number; long: number; label: string; caption?: string }) {
  const kx = Math.cos((lat * Math.PI) / 180);
  const scale = HEIGHT / (2 * HALF_HEIGHT_DEGREES);
  const halfWidthDegrees = WIDTH / 2 / scale / kx;
  const x = (lon: number) => WIDTH / 2 + (lon - long) * kx * scale;
  const y = (la: number) => HEIGHT / 2 - (la - lat) * scale;
  const inView = (ring: Position[]) =>
    ring.some(([lon, la]) => Math.abs(lon - long) < halfWidthDegrees * 1.5 && Math.abs(la - lat) < HALF_HEIGHT_DEGREES * 1.5);

  const paths: Array<{ name: string; d: string }> = [];
  for (const state of stateRings()) {
    const rings = state.rings.filter(inView);
    if (!rings.length) continue;
    paths.push({ name: state.name, d: rings.map((r) => 'M' + r.map(([lon, la]) => `${x(lon).toFixed(1)},${y(la).toFixed(1)}`).join('L') + 'Z').join('') });
  }
  // The name of the state under the pin, for the caption.
  const here = paths.length ? nearestStateName(long, lat) : undefined;

  return (
    <figure className="overflow-hidden rounded-lg border border-slate-200 dark:border-slate-700">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={`Map: ${label}${here ? `, ${here}` : ''}`} className="block h-auto w-full bg-sky-50 dark:bg-slate-800">
        <g className="fill-white stroke-slate-300 dark:fill-slate-700 dark:stroke-slate-500" strokeWidth={0.8} strokeLinejoin="round">
          {paths.map((p) => (
            <path key={p.name} d={p.d} />
          ))}
        </g>
        <g transform={`translate(${WIDTH / 2} ${HEIGHT / 2})`}>
          <circle r={18} className="fill-brand-500/15" />
          <path d="M0 0c-6-9-10-13.5-10-19a10 10 0 0120 0c0 5.5-4 10-10 19z" className="fill-brand-600 stroke-white" strokeWidth={1.5} />
          <circle cy={-19} r={3.5} className="fill-white" />
        </g>
      </svg>
      <figcaption
        title={`${lat.toFixed(4)}, ${long.toFixed(4)}`}
        className="border-t border-slate-200 bg-white px-3 py-1.5 text-xs text-slate-600 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-300"
      >
        {caption ?? `${lat.toFixed(4)}, ${long.toFixed(4)}${here ? ` · ${here}` : ''}`}
      </figcaption>
    </figure>
  );
}

/** The state whose outline contains the point (ray casting), if any. */
function nearestStateName(lon: number, lat: number): string | undefined {
  for (const state of stateRings()) {
    let inside = false;
    for (const ring of state.rings) {
      for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
        const [xi, yi] = ring[i];
        const [xj, yj] = ring[j];
        if (yi > lat !== yj > lat && lon < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
      }
    }
    if (inside) return state.name;
  }
  return undefined;
}
