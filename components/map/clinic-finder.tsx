'use client';
/**
 * The clinic finder: where to search (ZIP code, "City, ST", a typed address or the browser's
 * position), radius and service/package filters, the results ranked by distance and the map.
 *
 * The search lives in the URL (`/clinics?where=75201&radius=50&services=a,b&package=p`), so a
 * search is a link. The server page reads it and geocodes the place offline; this component asks
 * `GET /api/v2/clinics` (the public API, with the session cookie) for 20 clinics at a time and
 * keeps every page loaded so far on the map.
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import dynamic from 'next/dynamic';
import { useRouter, useSearchParams } from 'next/navigation';
import { useCallback, useEffect, useId, useMemo, useOptimistic, useState, useTransition } from 'react';
import { Alert } from '@/components/ui/alert';
import { apiGet, errorMessage, queryKeys, type Page } from '@/components/ui/api';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { describedBy, Field, Input, Select } from '@/components/ui/field';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { formatNumber, plural } from '@/components/reference/format';
import { useNow } from '@/components/orders/deadline-clock';
import { ClinicList, ClinicListSkeleton, LoadMore } from './clinic-list';
import { ServicePicker, type ServiceOption } from './service-picker';
import { CAPABILITY_LABELS, nextOpenStateChange } from './hours';
import type { PlaceLabel } from './places';
import type { Clinic, Highlight, HoverSource, RankedClinic, SearchOrigin } from './types';

const ClinicMap = dynamic(() => import('./clinic-map'), { ssr: false, loading: () => <MapPlaceholder /> });

/** Items per API page: the API's maximum (spec section 8). */
const PAGE_SIZE = 20;

export interface ClinicFinderProps {
  origin: SearchOrigin | null;
  /** The typed place, as in the URL. */
  where: string;
  /** Why `where` could not be placed. */
  whereError: string | null;
  /** The user may place orders: the clinic popup offers "Order at this clinic". */
  canOrder?: boolean;
  /** Places `where` may mean (`Dallas, TX`, `Dallas, GA`… for "Dallas"), to search from with one click. */
  whereChoices?: string[];
  radius: number;
  defaultRadius: number;
  radiusOptions: number[];
  serviceIds: string[];
  packageId: string | null;
  services: ServiceOption[];
  packages: Array<{ id: string; label: string }>;
  /** Quick picks: the user's locations. */
  suggestions: Array<{ label: string; detail: string; where: string }>;
  /** Town names around the searched place, for the offline map. */
  places: PlaceLabel[];
  tileUrl: string | null;
  tileAttribution: string | null;
}

interface SearchState {
  where: string;
  lat?: number;
  long?: number;
  radius: number;
  serviceIds: string[];
  packageId: string | null;
  /** Only clinics open now (`open=now` in the URL; `openNow=true` to the API). */
  openNow: boolean;
  /** Only clinics with all of these (`capabilities=a,b`). */
  capabilities: Capability[];
}

type Capability = Clinic['capabilities'][number];
const CAPABILITY_KEYS = Object.keys(CAPABILITY_LABELS) as Capability[];

/** The open-now and capability filters of the URL (read here: the page passes the other filters). */
function urlFacts(params: URLSearchParams | null): { openNow: boolean; capabilities: Capability[] } {
  const capabilities = (params?.get('capabilities') ?? '')
    .split(',')
    .map((c) => c.trim())
    .filter((c): c is Capability => (CAPABILITY_KEYS as string[]).includes(c));
  return { openNow: params?.get('open') === 'now', capabilities: [...new Set(capabilities)] };
}

export function ClinicFinder(props: ClinicFinderProps) {
  const { origin } = props;
  const router = useRouter();
  const searchParams = useSearchParams();
  const facts = urlFacts(searchParams);
  const [navigating, startNavigation] = useTransition();
  const [where, setWhere] = useState(props.where);
  const [geo, setGeo] = useState<{ state: 'idle' | 'locating' } | { state: 'error'; message: string }>({ state: 'idle' });
  const [highlight, setHighlight] = useState<Highlight | null>(null);
  const [selected, setSelected] = useState<Highlight | null>(null);
  const ids = useId();
  // The filters as chosen, shown at once while the page for them loads.
  const [controls, setControls] = useOptimistic({ radius: props.radius, serviceIds: props.serviceIds, packageId: props.packageId, ...facts });

  // The URL changed (a new search, back/forward): the box shows what was searched.
  const [shownWhere, setShownWhere] = useState(props.where);
  if (props.where !== shownWhere) {
    setShownWhere(props.where);
    setWhere(props.where);
  }

  const hrefFor = useCallback(
    (s: SearchState) => {
      const q = new URLSearchParams();
      if (s.lat !== undefined && s.long !== undefined) {
        q.set('lat', s.lat.toFixed(4));
        q.set('long', s.long.toFixed(4));
      } else if (s.where.trim()) q.set('where', s.where.trim());
      if (s.radius !== props.defaultRadius) q.set('radius', String(s.radius));
      if (s.serviceIds.length) q.set('services', s.serviceIds.join(','));
      if (s.packageId) q.set('package', s.packageId);
      if (s.openNow) q.set('open', 'now');
      if (s.capabilities.length) q.set('capabilities', s.capabilities.join(','));
      const qs = q.toString();
      return qs ? `/clinics?${qs}` : '/clinics';
    },
    [props.defaultRadius],
  );

  const current: SearchState = {
    where: props.where,
    ...(origin && (origin.source === 'device' || origin.source === 'coordinates') ? { lat: origin.lat, long: origin.long } : {}),
    radius: controls.radius,
    serviceIds: controls.serviceIds,
    packageId: controls.packageId,
    openNow: controls.openNow,
    capabilities: controls.capabilities,
  };

  function go(next: SearchState, replace = false) {
    setSelected(null);
    setHighlight(null);
    const href = hrefFor(next);
    startNavigation(() => {
      setControls({ radius: next.radius, serviceIds: next.serviceIds, packageId: next.packageId, openNow: next.openNow, capabilities: next.capabilities });
      if (replace) router.replace(href, { scroll: false });
      else router.push(href, { scroll: false });
    });
  }

  /** A filter changed: search again at once when a place is set, else keep it for the next search. */
  function changeFilter(change: Partial<SearchState>) {
    go({ ...current, where, ...change }, true);
  }

  function locate() {
    if (!('geolocation' in navigator)) {
      setGeo({ state: 'error', message: 'This browser cannot share its location. Search by ZIP code or city instead.' });
      return;
    }
    setGeo({ state: 'locating' });
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setGeo({ state: 'idle' });
        go({ ...current, where: '', lat: position.coords.latitude, long: position.coords.longitude });
      },
      (error) => {
        const message =
          error.code === error.PERMISSION_DENIED
            ? 'Location access was refused. Allow location for this site in your browser settings, or search by ZIP code or city.'
            : error.code === error.TIMEOUT
              ? 'Finding your location took too long. Try again, or search by ZIP code or city.'
              : 'Your location is not available right now. Search by ZIP code or city instead.';
        setGeo({ state: 'error', message });
      },
      { enableHighAccuracy: false, timeout: 10_000, maximumAge: 300_000 },
    );
  }

  // The API query: every page loaded so far stays on the map.
  const filters = origin
    ? { lat: origin.lat, long: origin.long, radius: props.radius, serviceIds: props.serviceIds, packageId: props.packageId, openNow: facts.openNow, capabilities: facts.capabilities }
    : null;
  const query = useInfiniteQuery({
    queryKey: queryKeys.clinics.search(filters ?? {}),
    enabled: filters !== null,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      apiGet<Page<Clinic>>(
        '/api/v2/clinics',
        {
          lat: filters!.lat,
          long: filters!.long,
          radius: filters!.radius,
          serviceIds: filters!.serviceIds,
          packageId: filters!.packageId,
          ...(filters!.openNow ? { openNow: 'true' } : {}),
          ...(filters!.capabilities.length ? { capabilities: filters!.capabilities.join(',') } : {}),
          page: pageParam,
          limit: PAGE_SIZE,
        },
        signal,
      ),
    getNextPageParam: (last) => (last.page * last.limit < last.total ? last.page + 1 : undefined),
  });
  const ranked: RankedClinic[] = useMemo(() => (query.data?.pages ?? []).flatMap((p) => p.data).map((clinic, i) => ({ clinic, rank: i + 1 })), [query.data]);
  // Each clinic's open state is the search's, at the time of the search: once the first closing or
  // opening it told of has passed (checked every minute), ask again.
  const now = useNow(60_000);
  const nextChange = useMemo(() => nextOpenStateChange(ranked.map((r) => r.clinic)), [ranked]);
  const { refetch } = query;
  useEffect(() => {
    if (now !== null && nextChange !== null && now >= nextChange) void refetch();
  }, [now, nextChange, refetch]);
  const total = query.data?.pages[0]?.total ?? 0;

  const onHover = useCallback((id: string | null, source: HoverSource) => setHighlight(id ? { id, source } : null), [setHighlight]);
  const onSelect = useCallback((id: string, source: HoverSource) => setSelected({ id, source }), [setSelected]);
  const onPopupClosed = useCallback((id: string) => setSelected((s) => (s?.id === id ? null : s)), [setSelected]);

  const whereErrorText = geo.state === 'error' ? null : props.whereError;
  const filterCount = props.serviceIds.length + (props.packageId ? 1 : 0) + (facts.openNow ? 1 : 0) + facts.capabilities.length;
  const nextPageError = query.isFetchNextPageError ? errorMessage(query.error) : null;
  const busy = navigating || (query.isFetching && !query.isFetchingNextPage);

  return (
    <div className="flex flex-col gap-4">
      <form
        role="search"
        aria-label="Find clinics"
        onSubmit={(e) => {
          e.preventDefault();
          setGeo({ state: 'idle' });
          go({ ...current, lat: undefined, long: undefined, where });
        }}
        className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900"
      >
        <div className="grid gap-3 sm:grid-cols-3 xl:grid-cols-[minmax(0,1fr)_8.5rem_13rem_13rem]">
          <Field label="ZIP code, city or address" htmlFor={`${ids}-where`} error={whereErrorText ?? undefined} hint="For example 75201, Dallas, TX or 1600 Main St, Dallas, TX 75201" className="sm:col-span-3 xl:col-span-1">
            <div className="flex gap-2">
              <Input
                id={`${ids}-where`}
                name="where"
                value={where}
                onChange={(e) => setWhere(e.target.value)}
                placeholder="ZIP code, City, ST or address"
                autoComplete="postal-code"
                invalid={Boolean(whereErrorText)}
                aria-describedby={describedBy(`${ids}-where`, whereErrorText ?? undefined, 'hint')}
                className="min-w-0 flex-1"
                data-testid="clinic-where"
              />
              <Button type="submit" loading={navigating && geo.state !== 'locating'} disabled={!where.trim()}>
                Search
              </Button>
              <Button variant="secondary" onClick={locate} loading={geo.state === 'locating'} title="Use my location" aria-label="Use my location">
                {geo.state !== 'locating' && (
                  <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} className="h-4 w-4">
                    <circle cx="12" cy="12" r="3.5" />
                    <path strokeLinecap="round" d="M12 2v3M12 19v3M2 12h3M19 12h3M19.1 12a7.1 7.1 0 11-14.2 0 7.1 7.1 0 0114.2 0z" />
                  </svg>
                )}
                <span className="hidden sm:inline">My location</span>
              </Button>
            </div>
          </Field>
          <Field label="Within" htmlFor={`${ids}-radius`}>
            <Select id={`${ids}-radius`} value={controls.radius} onChange={(e) => changeFilter({ radius: Number(e.target.value) })}>
              {props.radiusOptions.map((r) => (
                <option key={r} value={r}>
                  {r} miles
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Package" htmlFor={`${ids}-package`}>
            <Select id={`${ids}-package`} value={controls.packageId ?? ''} onChange={(e) => changeFilter({ packageId: e.target.value || null })}>
              <option value="">Any package</option>
              {props.packages.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.label}
                </option>
              ))}
            </Select>
          </Field>
          <div className="flex flex-col gap-1.5">
            <span className="text-sm font-medium text-slate-700 dark:text-slate-200" id={`${ids}-services-label`}>
              Services offered
            </span>
            <ServicePicker id={`${ids}-services`} labelledBy={`${ids}-services-label`} services={props.services} value={controls.serviceIds} onChange={(serviceIds) => changeFilter({ serviceIds })} />
          </div>
        </div>
        <fieldset className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 border-t border-slate-200 pt-3 dark:border-slate-800">
          <legend className="sr-only">Open now and capabilities</legend>
          <label className="inline-flex items-center gap-2 text-sm font-medium text-slate-800 dark:text-slate-100">
            <input
              type="checkbox"
              className="h-4 w-4 rounded border-slate-300 text-brand-600 focus-visible:ring-2 focus-visible:ring-brand-500 dark:border-slate-600"
              checked={controls.openNow}
              onChange={(e) => changeFilter({ openNow: e.target.checked })}
              data-testid="filter-open-now"
            />
            Open now
          </label>
          <span className="text-xs font-medium uppercase tracking-wide text-slate-500 dark:text-slate-400" aria-hidden="true">
            Can do
          </span>
          {CAPABILITY_KEYS.map((c) => (
            <label key={c} className="inline-flex items-center gap-1.5 text-sm text-slate-700 dark:text-slate-300">
              <input
                type="checkbox"
                className="h-4 w-4 rounded border-slate-300 text-brand-600 focus-visible:ring-2 focus-visible:ring-brand-500 dark:border-slate-600"
                checked={controls.capabilities.includes(c)}
                onChange={(e) => changeFilter({ capabilities: e.target.checked ? [...controls.capabilities, c] : controls.capabilities.filter((x) => x !== c) })}
                data-testid={`filter-capability-${c}`}
              />
              {CAPABILITY_LABELS[c]}
            </label>
          ))}
        </fieldset>
        {whereErrorText && props.whereChoices?.length ? (
          <div className="mt-3 flex flex-wrap items-center gap-2" role="group" aria-label="Places with this name" data-testid="where-choices">
            <span className="text-sm text-slate-600 dark:text-slate-400">Did you mean</span>
            {props.whereChoices.map((near) => (
              <Button
                key={near}
                variant="secondary"
                size="sm"
                onClick={() => {
                  setWhere(near);
                  go({ ...current, lat: undefined, long: undefined, where: near });
                }}
              >
                {near}
              </Button>
            ))}
          </div>
        ) : null}
        {geo.state === 'error' && (
          <Alert tone="warning" className="mt-3" role="alert">
            {geo.message}
          </Alert>
        )}
      </form>

      <div className="grid gap-4 lg:grid-cols-[minmax(20rem,26rem)_minmax(0,1fr)]">
        <section
          aria-labelledby={`${ids}-results`}
          className="order-2 flex h-[32rem] flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm lg:order-1 lg:h-[calc(100vh-19rem)] lg:min-h-[30rem] dark:border-slate-800 dark:bg-slate-900"
        >
          <div className="flex min-h-16 items-center justify-between gap-3 border-b border-slate-200 px-4 py-3 dark:border-slate-800">
            <div className="min-w-0">
              <h2 id={`${ids}-results`} className="text-sm font-semibold text-slate-900 dark:text-white">
                {origin ? (query.isSuccess ? `${plural(total, 'clinic')} within ${props.radius} miles` : 'Searching…') : 'Clinics'}
              </h2>
              <p className="truncate text-xs text-slate-500 dark:text-slate-400" aria-live="polite" data-testid="search-origin">
                {origin ? (
                  <>
                    of {origin.label}
                    {filterCount > 0 && ` · ${plural(filterCount, 'filter')}`}
                  </>
                ) : (
                  'Search a place to see clinics nearby'
                )}
              </p>
            </div>
            <span className="flex h-5 w-5 items-center" role="status">
              {busy && origin && <Spinner className="h-4 w-4 text-brand-600 dark:text-brand-400" label="Loading clinics" />}
            </span>
          </div>
          {origin?.note && (
            <p className="border-b border-slate-200 bg-sky-50 px-4 py-2 text-xs text-sky-900 dark:border-slate-800 dark:bg-sky-950/50 dark:text-sky-100" data-testid="where-note">
              {origin.note}
            </p>
          )}
          <div className={`min-h-0 flex-1 overflow-y-auto transition-opacity ${navigating ? 'opacity-60' : ''}`} aria-busy={busy}>
            {!origin ? (
              <StartHere suggestions={props.suggestions} onPick={(w) => go({ ...current, lat: undefined, long: undefined, where: w })} />
            ) : query.isPending ? (
              <ClinicListSkeleton />
            ) : query.isError ? (
              <EmptyState
                tone="error"
                title="The clinics could not be loaded"
                description={errorMessage(query.error)}
                action={
                  <Button variant="secondary" onClick={() => query.refetch()}>
                    Try again
                  </Button>
                }
              />
            ) : ranked.length === 0 ? (
              <EmptyState
                title={`No clinics within ${props.radius} miles`}
                description={filterCount > 0 ? 'No clinic nearby offers everything the filters ask for. Widen the radius or remove a filter.' : 'Widen the radius to look further away.'}
                action={
                  <div className="flex flex-wrap justify-center gap-2">
                    {props.radiusOptions.some((r) => r > props.radius) && (
                      <Button variant="secondary" onClick={() => changeFilter({ radius: props.radiusOptions.find((r) => r > props.radius)! })}>
                        Search within {props.radiusOptions.find((r) => r > props.radius)} miles
                      </Button>
                    )}
                    {filterCount > 0 && (
                      <Button variant="ghost" onClick={() => changeFilter({ serviceIds: [], packageId: null, openNow: false, capabilities: [] })}>
                        Remove filters
                      </Button>
                    )}
                  </div>
                }
              />
            ) : (
              <>
                <ClinicList clinics={ranked} highlight={highlight} selected={selected} onHover={onHover} onSelect={onSelect} />
                <LoadMore shown={ranked.length} total={total} loading={query.isFetchingNextPage} onClick={() => query.fetchNextPage()} />
                {nextPageError && (
                  <p role="alert" className="px-4 pb-3 text-sm text-red-700 dark:text-red-400">
                    More clinics could not be loaded: {nextPageError}
                  </p>
                )}
              </>
            )}
          </div>
          {origin && query.isSuccess && ranked.length > 0 && (
            <p className="border-t border-slate-200 px-4 py-2 text-xs text-slate-500 dark:border-slate-800 dark:text-slate-400" data-testid="results-summary">
              Showing {formatNumber(ranked.length)} of {formatNumber(total)}, nearest first
            </p>
          )}
        </section>

        <section aria-label="Map of clinics" aria-describedby={`${ids}-map-help`} className="order-1 h-80 overflow-hidden rounded-xl border border-slate-200 shadow-sm sm:h-96 lg:order-2 lg:h-[calc(100vh-19rem)] lg:min-h-[30rem] dark:border-slate-800">
          <p id={`${ids}-map-help`} className="sr-only">
            Each clinic is a numbered pin, as in the list. Tab moves between pins and groups of pins; Enter opens a clinic or zooms into a group; Escape closes a clinic. With the map itself focused, arrow keys move it and plus and minus zoom.
          </p>
          <ClinicMap
            clinics={ranked}
            origin={origin}
            radiusMiles={origin ? props.radius : null}
            highlight={highlight}
            selected={selected}
            onHover={onHover}
            onSelect={onSelect}
            onPopupClosed={onPopupClosed}
            places={props.places}
            tileUrl={props.tileUrl}
            tileAttribution={props.tileAttribution}
            canOrder={props.canOrder ?? false}
          />
        </section>
      </div>
    </div>
  );
}

function StartHere({ suggestions, onPick }: { suggestions: ClinicFinderProps['suggestions']; onPick(where: string): void }) {
  return (
    <div className="flex flex-col gap-4 p-5">
      <EmptyState className="py-6" title="Find collection sites near a place" description="Type a ZIP code, a city (Dallas, TX) or an address, or use your location. Results are ranked by distance." />
      {suggestions.length > 0 && (
        <div>
          <p className="mb-2 text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">
            Near your locations
          </p>
          <ul className="flex flex-col gap-1.5">
            {suggestions.map((s) => (
              <li key={s.label + s.where}>
                <button
                  type="button"
                  onClick={() => onPick(s.where)}
                  className="flex w-full items-center justify-between gap-3 rounded-lg border border-slate-200 px-3 py-2 text-left text-sm hover:border-brand-300 hover:bg-brand-50 dark:border-slate-700 dark:hover:border-brand-700 dark:hover:bg-slate-800"
                >
                  <span className="min-w-0 truncate font-medium text-slate-900 dark:text-slate-100">{s.label}</span>
                  <span className="shrink-0 text-xs text-slate-500 dark:text-slate-400">{s.detail}</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

/** The map's frame while Leaflet loads: same size, so nothing moves. */
function MapPlaceholder() {
  return (
    <div className="relative h-full w-full bg-sky-100 dark:bg-slate-950" aria-hidden="true">
      <Skeleton className="absolute inset-6 rounded-lg opacity-40" />
    </div>
  );
}
