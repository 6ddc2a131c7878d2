/**
 * The pass page's small map of the clinic: an SVG string of the US state outlines around it (the
 * offline `us-atlas` base layer the dashboard's mini map draws, components/orders/clinic-mini-map.tsx,
 * with the same projection) and the towns around it from the offline ZIP data (the clinic map's
 * labels, lib/geo/zips.ts), so the participant's phone fetches nothing from a third party.
 * The pass page is plain HTML rendered by a route handler (it answers 404/410 with a body), hence a
 * string rather than that React component.
 */
import type { MultiPolygon, Polygon, Position } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import statesTopology from 'us-atlas/states-10m.json';
import { escapeHtml as esc } from '@/lib/html';
import { townsAround } from '@/lib/geo/zips';
import { participantText, type ParticipantLanguage } from '@/lib/i18n/participant';

const WIDTH = 480;
const HEIGHT = 220;
const HALF_HEIGHT_DEGREES = 0.4;

type States = Topology<{ states: GeometryCollection<{ name: string }> }>;
let cached: Array<{ name: string; rings: Position[][] }> | undefined;

function stateRings() {
  if (cached) return cached;
  const topology = statesTopology as unknown as States;
  cached = feature(topology, topology.objects.states).features.map((f) => {
    const geometry = f.geometry as Polygon | MultiPolygon;
    return { name: f.properties.name, rings: (geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates).flat() };
  });
  return cached;
}

export function miniMapSvg(lat: number, long: number, label: string, language: ParticipantLanguage = 'en'): string {
  const kx = Math.cos((lat * Math.PI) / 180);
  const scale = HEIGHT / (2 * HALF_HEIGHT_DEGREES);
  const halfWidthDegrees = WIDTH / 2 / scale / kx;
  const x = (lon: number) => WIDTH / 2 + (lon - long) * kx * scale;
  const y = (la: number) => HEIGHT / 2 - (la - lat) * scale;
  // A ring whose bounding box overlaps the view (a big state seen from its middle has no vertex near).
  const near = (ring: Position[]) => {
    let [w, e, s, n] = [Infinity, -Infinity, Infinity, -Infinity];
    for (const [lon, la] of ring) [w, e, s, n] = [Math.min(w, lon), Math.max(e, lon), Math.min(s, la), Math.max(n, la)];
    return w <= long + halfWidthDegrees && e >= long - halfWidthDegrees && s <= lat + HALF_HEIGHT_DEGREES && n >= lat - HALF_HEIGHT_DEGREES;
  };
  const paths = stateRings()
    .map((s) => s.rings.filter(near))
    .filter((rings) => rings.length)
    .map((rings) => `<path d="${rings.map((r) => 'M' + r.map(([lon, la]) => `${x(lon).toFixed(1)},${y(la).toFixed(1)}`).join('L') + 'Z').join('')}"/>`);
  // Town names, biggest first, each where it does not overlap a name already placed nor the pin.
  const placed: Array<[number, number, number, number]> = [[WIDTH / 2 - 16, HEIGHT / 2 - 40, WIDTH / 2 + 16, HEIGHT / 2 + 6]];
  const labels: string[] = [];
  for (const town of townsAround({ lat, long }, 50, 40)) {
    const [tx, ty] = [x(town.long), y(town.lat)];
    const w = town.name.length * 6.6 + 8;
    const box: [number, number, number, number] = [tx - 3, ty - 12, tx + w, ty + 4];
    if (box[0] < 2 || box[2] > WIDTH - 2 || box[1] < 2 || box[3] > HEIGHT - 2) continue;
    if (placed.some((b) => b[0] < box[2] && box[0] < b[2] && b[1] < box[3] && box[1] < b[3])) continue;
    placed.push(box);
    labels.push(`<circle cx="${tx.toFixed(1)}" cy="${ty.toFixed(1)}" r="2.5" class="map-town"/><text x="${(tx + 5).toFixed(1)}" y="${(ty + 1).toFixed(1)}" class="map-label">${esc(town.name)}</text>`);
    if (labels.length >= 8) break;
  }
  return `<svg class="map" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="${esc(participantText(language).pass.map(label))}" focusable="false">
<rect width="${WIDTH}" height="${HEIGHT}" class="map-water"/>
<g class="map-land" stroke-width="1.2" stroke-linejoin="round">${paths.join('')}</g>
<g aria-hidden="true">${labels.join('')}</g>
<g transform="translate(${WIDTH / 2} ${HEIGHT / 2})"><circle r="22" class="map-halo"/>
<path d="M0 0c-7-11-12-16-12-23a12 12 0 0124 0c0 7-5 12-12 23z" class="map-pin" stroke="#fff" stroke-width="2"/><circle cy="-23" r="4.5" fill="#fff"/></g>
</svg>`;
}
