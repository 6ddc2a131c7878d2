'use client';
/**
 * The clinic map (Leaflet through react-leaflet; loaded in the browser only, see clinic-finder).
 *
 * - Base layer: raster tiles from `tileUrl` when one is configured, over an offline layer of US
 *   state outlines (us-atlas) that is always drawn underneath, so the map stays useful when tiles
 *   are not configured or cannot be reached (it falls back by itself after repeated tile errors).
 * - Clinics: numbered pins (the rank in the result list), clustered with supercluster when they
 *   crowd; a cluster zooms in when clicked or activated with Enter.
 * - Hovering or focusing a pin highlights it and its list item; hovering a list item highlights its
 *   pin (or the cluster that holds it). One popup shows the selected clinic.
 * - Keyboard: pins and clusters are focusable buttons (Tab), Enter opens / zooms, Escape closes the
 *   popup, arrow keys and +/- move the map when it has focus.
 */
import 'leaflet/dist/leaflet.css';
import './map.css';
import L from 'leaflet';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Circle, CircleMarker, GeoJSON, MapContainer, Marker, Pane, Popup, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import Supercluster from 'supercluster';
import { loadUsStateOutlines, type StateOutlines } from '@/lib/geo/us-states';
import { escapeHtml } from '@/lib/html';
import { ClinicPopupContent } from './clinic-popup';
import type { PlaceLabel } from './places';
import type { Highlight, HoverSource, RankedClinic, SearchOrigin } from './types';

const METERS_PER_MILE = 1609.344;
/** The contiguous United States. */
const US_BOUNDS = L.latLngBounds([24.4, -125], [49.5, -66.9]);
/** Pins closer than this many pixels form a cluster; from zoom CLUSTER_MAX_ZOOM + 1 none do. */
const CLUSTER_RADIUS_PX = 46;
const CLUSTER_MAX_ZOOM = 12;
const TILE_ERRORS_BEFORE_FALLBACK = 3;

export interface ClinicMapProps {
  clinics: RankedClinic[];
  origin: SearchOrigin | null;
  radiusMiles: number | null;
  highlight: Highlight | null;
  selected: Highlight | null;
  onHover(id: string | null, source: HoverSource): void;
  onSelect(id: string, source: HoverSource): void;
  /** The popup of clinic `id` closed (its close button, Escape, a click on the map). */
  onPopupClosed(id: string): void;
  /** Town names around the search, shown when there are no tiles to name places. */
  places: PlaceLabel[];
  tileUrl: string | null;
  tileAttribution: string | null;
  /** The user may place orders: the popup offers "Order at this clinic". */
  canOrder?: boolean;
}

export default function ClinicMap(props: ClinicMapProps) {
  const { origin, radiusMiles, tileUrl } = props;
  const [tilesFailed, setTilesFailed] = useState(false);
  const tileErrors = useRef({ errors: 0, loads: 0 });
  const useTiles = Boolean(tileUrl) && !tilesFailed;
  const initialBounds = origin && radiusMiles ? L.latLng(origin.lat, origin.long).toBounds(radiusMiles * METERS_PER_MILE * 2) : US_BOUNDS;

  return (
    <div className="relative h-full w-full">
      <MapContainer bounds={initialBounds} boundsOptions={{ padding: [16, 16] }} minZoom={3} maxZoom={18} zoomSnap={0.5} className="clinic-map h-full w-full" worldCopyJump={false} attributionControl>
        <Pane name="base" style={{ zIndex: 150 }}>
          <StateOutlines showLabels={!useTiles} />
          {!useTiles && <PlaceLabels places={props.places} />}
        </Pane>
        {useTiles && tileUrl && (
          <TileLayer
            url={tileUrl}
            attribution={props.tileAttribution ?? '&copy; OpenStreetMap contributors'}
            eventHandlers={{
              tileload: () => {
                tileErrors.current.loads++;
              },
              tileerror: () => {
                const t = tileErrors.current;
                t.errors++;
                if (t.errors >= TILE_ERRORS_BEFORE_FALLBACK && t.loads === 0) setTilesFailed(true);
              },
            }}
          />
        )}
        {origin && radiusMiles && (
          <>
            <Circle center={[origin.lat, origin.long]} radius={radiusMiles * METERS_PER_MILE} interactive={false} className="search-radius" weight={1.5} />
            <CircleMarker center={[origin.lat, origin.long]} radius={6} interactive={false} className="search-origin" weight={2.5} fillOpacity={1} />
          </>
        )}
        <FitToSearch origin={origin} radiusMiles={radiusMiles} />
        <ClinicLayer {...props} />
      </MapContainer>
      {tileUrl && tilesFailed && (
        <p role="status" className="pointer-events-none absolute left-1/2 top-3 z-[500] -translate-x-1/2 rounded-full bg-white/95 px-3 py-1 text-xs font-medium text-slate-700 shadow ring-1 ring-slate-200 dark:bg-slate-900/95 dark:text-slate-200 dark:ring-slate-700">
          Map tiles are unavailable: showing state outlines
        </p>
      )}
    </div>
  );
}

/** Re-frames the map when the searched place or radius changes (not when more results load). */
function FitToSearch({ origin, radiusMiles }: { origin: SearchOrigin | null; radiusMiles: number | null }) {
  const map = useMap();
  const key = origin ? `${origin.lat},${origin.long},${radiusMiles}` : 'none';
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false; // the MapContainer's initial bounds already frame it
      return;
    }
    const bounds = origin && radiusMiles ? L.latLng(origin.lat, origin.long).toBounds(radiusMiles * METERS_PER_MILE * 2) : US_BOUNDS;
    map.flyToBounds(bounds, { padding: [16, 16], duration: 0.6 });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for origin and radius
  }, [key, map]);
  return null;
}

/** The offline base layer: the states, and their codes when no tiles show place names. */
function StateOutlines({ showLabels }: { showLabels: boolean }) {
  const map = useMap();
  const [outlines, setOutlines] = useState<StateOutlines | null>(null);
  const [zoom, setZoom] = useState(() => map.getZoom());
  useMapEvents({ zoomend: () => setZoom(map.getZoom()) });
  useEffect(() => {
    let live = true;
    loadUsStateOutlines()
      .then((o) => live && setOutlines(o))
      .catch(() => undefined); // the map still works, on its background colour
    return () => {
      live = false;
    };
  }, []);
  const labels = useMemo(
    () =>
      (outlines ? stateLabelPoints(outlines) : []).map((l) => ({
        ...l,
        icon: L.divIcon({ className: 'state-label', html: l.code, iconSize: [32, 20], iconAnchor: [16, 10] }),
      })),
    [outlines],
  );
  if (!outlines) return null;
  return (
    <>
      <GeoJSON data={outlines} interactive={false} pane="base" attribution="US Census Bureau (us-atlas)" style={() => ({ className: 'us-state', weight: 0.8 })} />
      {showLabels &&
        labels
          .filter((l) => zoom >= 5 || (zoom >= 4 && l.size > 2.5))
          .map((l) => (
            <Marker
              key={l.code}
              position={[l.lat, l.long]}
              interactive={false}
              keyboard={false}
              pane="base"
              icon={l.icon}
            />
          ))}
    </>
  );
}

const PLACE_LABEL_MIN_ZOOM = 7;

/** Town names, biggest first, as many as fit at the current zoom without overlapping. */
function PlaceLabels({ places }: { places: PlaceLabel[] }) {
  const map = useMap();
  const [zoom, setZoom] = useState(() => map.getZoom());
  useMapEvents({ zoomend: () => setZoom(map.getZoom()) });
  const labels = useMemo(
    () =>
      places.map((p) => {
        const width = Math.round(p.name.length * 6.6 + 10);
        return { ...p, width, icon: L.divIcon({ className: 'place-label', html: escapeHtml(p.name), iconSize: [width, 16], iconAnchor: [width / 2, 8] }) };
      }),
    [places],
  );
  const shown = useMemo(() => {
    if (zoom < PLACE_LABEL_MIN_ZOOM) return [];
    const kept: Array<(typeof labels)[number] & { x: number; y: number }> = [];
    for (const label of labels) {
      const { x, y } = map.project([label.lat, label.long], zoom);
      if (kept.every((k) => Math.abs(k.x - x) > (k.width + label.width) / 2 + 10 || Math.abs(k.y - y) > 22)) kept.push({ ...label, x, y });
    }
    return kept;
  }, [labels, map, zoom]);
  return (
    <>
      {shown.map((l) => (
        <Marker key={`${l.name}-${l.lat}`} position={[l.lat, l.long]} icon={l.icon} interactive={false} keyboard={false} pane="base" />
      ))}
    </>
  );
}

/** A label point per state: the centroid of its largest polygon, and that polygon's size in degrees. */
function stateLabelPoints(outlines: StateOutlines) {
  const out: Array<{ code: string; lat: number; long: number; size: number }> = [];
  for (const f of outlines.features) {
    if (!f.properties.code) continue;
    const polygons = f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.coordinates;
    let best: { area: number; x: number; y: number; size: number } | null = null;
    for (const polygon of polygons) {
      const ring = polygon[0];
      let area = 0;
      let cx = 0;
      let cy = 0;
      let minX = Infinity;
      let maxX = -Infinity;
      for (let i = 0; i < ring.length - 1; i++) {
        const [x0, y0] = ring[i];
        const [x1, y1] = ring[i + 1];
        const cross = x0 * y1 - x1 * y0;
        area += cross;
        cx += (x0 + x1) * cross;
        cy += (y0 + y1) * cross;
        minX = Math.min(minX, x0);
        maxX = Math.max(maxX, x0);
      }
      if (area === 0) continue;
      const candidate = { area: Math.abs(area / 2), x: cx / (3 * area), y: cy / (3 * area), size: maxX - minX };
      if (!best || candidate.area > best.area) best = candidate;
    }
    if (best) out.push({ code: f.properties.code, lat: best.y, long: best.x, size: best.size });
  }
  return out;
}

type PointProps = { id: string; rank: number };

/** The clinics as pins and clusters, the highlight shared with the list, and the popup. */
function ClinicLayer({ clinics, highlight, selected, onHover, onSelect, onPopupClosed, canOrder = false }: ClinicMapProps) {
  const map = useMap();
  const [zoom, setZoom] = useState(() => map.getZoom());
  useMapEvents({ zoomend: () => setZoom(map.getZoom()) });

  const placed = useMemo(() => clinics.filter((c) => c.clinic.coordinates), [clinics]);
  const index = useMemo(() => {
    const sc = new Supercluster<PointProps>({ radius: CLUSTER_RADIUS_PX, maxZoom: CLUSTER_MAX_ZOOM });
    sc.load(
      placed.map(({ clinic, rank }) => ({
        type: 'Feature' as const,
        properties: { id: clinic.id, rank },
        geometry: { type: 'Point' as const, coordinates: [clinic.coordinates!.long, clinic.coordinates!.lat] },
      })),
    );
    return sc;
  }, [placed]);
  // All of them: a few hundred points at most, and markers outside the view cost nothing to draw.
  const features = useMemo(() => index.getClusters([-180, -85, 180, 85], Math.floor(zoom)), [index, zoom]);

  const clusterOf = useMemo(() => {
    const byClinic = new Map<string, number>();
    for (const f of features) {
      if ('cluster' in f.properties && f.properties.cluster) {
        for (const leaf of index.getLeaves(f.properties.cluster_id, Infinity)) byClinic.set(leaf.properties.id, f.properties.cluster_id);
      }
    }
    return byClinic;
  }, [features, index]);

  const selectedClinic = selected ? placed.find((c) => c.clinic.id === selected.id) : undefined;
  // A new array would re-open the popup (react-leaflet compares the position by identity).
  const popupAt = useMemo<[number, number] | null>(
    () => (selectedClinic ? [selectedClinic.clinic.coordinates!.lat, selectedClinic.clinic.coordinates!.long] : null),
    [selectedClinic],
  );

  // A clinic chosen in the list: bring it into view, out of its cluster.
  useEffect(() => {
    if (!selected || selected.source !== 'list' || !selectedClinic) return;
    const { lat, long } = selectedClinic.clinic.coordinates!;
    if (clusterOf.has(selected.id)) map.flyTo([lat, long], Math.max(map.getZoom(), CLUSTER_MAX_ZOOM + 1), { duration: 0.6 });
    else if (!map.getBounds().pad(-0.1).contains([lat, long])) map.panTo([lat, long]);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the selection changes
  }, [selected?.id, selected?.source]);

  // Escape closes the popup and gives focus back to its pin. Leaflet only listens while the map
  // container itself has focus, not a pin or the popup, so the document listens (for keys pressed
  // inside the map, or with focus nowhere in particular).
  useEffect(() => {
    if (!selected) return;
    const container = map.getContainer();
    const id = selected.id;
    function onKeyDown(e: KeyboardEvent) {
      if (e.key !== 'Escape') return;
      const active = document.activeElement;
      if (active && active !== document.body && !container.contains(active)) return;
      map.closePopup();
      container.querySelector<HTMLElement>(`.leaflet-marker-pane [data-clinic-id="${CSS.escape(id)}"]`)?.focus();
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [map, selected]);

  const highlightedCluster = highlight ? clusterOf.get(highlight.id) : undefined;

  return (
    <>
      {features.map((f) => {
        const [long, lat] = f.geometry.coordinates;
        if ('cluster' in f.properties && f.properties.cluster) {
          const id = f.properties.cluster_id;
          return (
            <ClusterMarker
              key={`cluster-${id}`}
              lat={lat}
              long={long}
              count={f.properties.point_count}
              highlighted={highlightedCluster === id}
              onActivate={() => map.flyTo([lat, long], Math.min(index.getClusterExpansionZoom(id), map.getMaxZoom()), { duration: 0.5 })}
            />
          );
        }
        const { id, rank } = f.properties as PointProps;
        const ranked = placed.find((c) => c.clinic.id === id)!;
        return (
          <ClinicMarker
            key={id}
            id={id}
            rank={rank}
            lat={lat}
            long={long}
            label={`${rank}. ${ranked.clinic.name}${ranked.clinic.distance ? `, ${ranked.clinic.distance.miles.toFixed(1)} miles away` : ''}`}
            highlighted={highlight?.id === id}
            selected={selected?.id === id}
            onHover={onHover}
            onSelect={onSelect}
          />
        );
      })}
      {selectedClinic && popupAt && (
        <Popup
          key={selectedClinic.clinic.id}
          position={popupAt}
          offset={[0, -30]}
          maxWidth={320}
          minWidth={240}
          autoPanPadding={[24, 24]}
          eventHandlers={{ remove: () => onPopupClosed(selectedClinic.clinic.id) }}
        >
          <ClinicPopupContent ranked={selectedClinic} focusOnOpen={selected?.source === 'map'} canOrder={canOrder} />
        </Popup>
      )}
    </>
  );
}

/** Sets a Leaflet marker's DOM state (classes, label) without re-creating its icon (focus stays). */
function useMarkerElement(ref: React.RefObject<L.Marker | null>, label: string, classes: Record<string, boolean>, zIndex: number) {
  const key = JSON.stringify(classes);
  useEffect(() => {
    const marker = ref.current;
    const el = marker?.getElement();
    if (!marker || !el) return;
    el.setAttribute('aria-label', label);
    for (const [name, on] of Object.entries(classes)) el.classList.toggle(name, on);
    marker.setZIndexOffset(zIndex);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for `classes`
  }, [ref, label, key, zIndex]);
}

const isActivationKey = (e: L.LeafletKeyboardEvent) => e.originalEvent.key === 'Enter' || e.originalEvent.key === ' ';

function ClinicMarker(props: {
  id: string;
  rank: number;
  lat: number;
  long: number;
  label: string;
  highlighted: boolean;
  selected: boolean;
  onHover(id: string | null, source: HoverSource): void;
  onSelect(id: string, source: HoverSource): void;
}) {
  const { id, rank, highlighted, selected, onHover, onSelect } = props;
  const ref = useRef<L.Marker>(null);
  const icon = useMemo(() => L.divIcon({ className: 'clinic-marker', html: `<span class="clinic-pin" aria-hidden="true"><span>${rank}</span></span>`, iconSize: [30, 36], iconAnchor: [15, 35] }), [rank]);
  useMarkerElement(ref, props.label, { 'is-highlighted': highlighted, 'is-selected': selected }, highlighted || selected ? 1000 : 0);

  // Keyboard focus highlights like hovering does.
  useEffect(() => {
    const el = ref.current?.getElement();
    if (!el) return;
    el.dataset.clinicId = id;
    el.dataset.testid = 'clinic-marker';
    const focus = () => onHover(id, 'map');
    const blur = () => onHover(null, 'map');
    el.addEventListener('focus', focus);
    el.addEventListener('blur', blur);
    return () => {
      el.removeEventListener('focus', focus);
      el.removeEventListener('blur', blur);
    };
  }, [id, icon, onHover]);

  return (
    <Marker
      ref={ref}
      position={[props.lat, props.long]}
      icon={icon}
      keyboard
      riseOnHover
      eventHandlers={{
        click: () => onSelect(id, 'map'),
        keypress: (e) => {
          if (isActivationKey(e)) {
            e.originalEvent.preventDefault();
            onSelect(id, 'map');
          }
        },
        mouseover: () => onHover(id, 'map'),
        mouseout: () => onHover(null, 'map'),
      }}
    />
  );
}

function ClusterMarker({ lat, long, count, highlighted, onActivate }: { lat: number; long: number; count: number; highlighted: boolean; onActivate(): void }) {
  const ref = useRef<L.Marker>(null);
  const size = count < 10 ? 36 : count < 50 ? 42 : 50;
  const icon = useMemo(
    () => L.divIcon({ className: 'clinic-cluster', html: `<span class="clinic-cluster-bubble" aria-hidden="true">${count}</span>`, iconSize: [size, size], iconAnchor: [size / 2, size / 2] }),
    [count, size],
  );
  useMarkerElement(ref, `${count} clinics close together: zoom in`, { 'is-highlighted': highlighted }, highlighted ? 900 : 0);
  useEffect(() => {
    const el = ref.current?.getElement();
    if (el) el.dataset.testid = 'clinic-cluster';
  }, [icon]);
  return (
    <Marker
      ref={ref}
      position={[lat, long]}
      icon={icon}
      keyboard
      eventHandlers={{
        click: onActivate,
        keypress: (e) => {
          if (isActivationKey(e)) {
            e.originalEvent.preventDefault();
            onActivate();
          }
        },
      }}
    />
  );
}
