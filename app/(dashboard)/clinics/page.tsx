import type { Metadata } from 'next';
import { ButtonLink } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { ClinicFinder } from '@/components/map/clinic-finder';
import { interpretWhere } from '@/components/map/parse-where';
import { placesAround } from '@/components/map/places';
import type { SearchOrigin } from '@/components/map/types';
import { ProblemsAlert } from '@/components/reference/problems-alert';
import { readParams, type ParamProblem, type SearchParams } from '@/components/reference/search-params';
import { tileAttribution, tileUrl } from '@/lib/config/build';
import { allPages } from '@/lib/domain/pagination';
import { requireScope } from '@/lib/auth/page-context';
import { MAX_RADIUS_MILES, SearchClinicsQuery } from '@/lib/domain/clinics/search';
import { listLocations } from '@/lib/domain/locations';
import { listPackages } from '@/lib/domain/packages';
import { listServices } from '@/lib/domain/services';
import { placesNamed } from '@/lib/geo/zips';

export const metadata: Metadata = { title: 'Find clinics' };

const RADIUS_CHOICES = [5, 10, 25, 50, 100, 250, 500];

/** The clinic search's own schema reads the place; a `near` that does not geocode is an issue at `near`. */
function positionOf(input: Record<string, string>) {
  const parsed = SearchClinicsQuery.safeParse(input);
  return parsed.success ? parsed.data.position : null;
}

/**
 * Where to search, from `?where=` (typed text) or `?lat=&long=` (the browser's position). Typed text
 * is read as a ZIP code or "City, ST" (see parse-where) and geocoded offline, as the API does it.
 */
function resolveOrigin(params: Record<string, string>): { origin: SearchOrigin | null; error: string | null; choices: string[] } {
  if (params.lat !== undefined || params.long !== undefined) {
    const position = positionOf({ lat: params.lat ?? '', long: params.long ?? '' });
    if (!position) return { origin: null, error: 'The position in the address bar is not valid coordinates. Search by ZIP code or city instead.', choices: [] };
    return { origin: { ...position, label: 'your location', source: 'device', note: null }, error: null, choices: [] };
  }
  const where = params.where;
  if (!where) return { origin: null, error: null, choices: [] };
  const candidates = interpretWhere(where);
  for (const c of candidates) {
    const position = positionOf({ near: c.near });
    if (!position) continue;
    const label = c.kind === 'zip' ? `ZIP code ${c.near}` : c.near;
    const note = c.partial ? `Searching from ${label}, read from what you typed: street addresses are placed by their ZIP code, or by city when there is none.` : null;
    return { origin: { ...position, label, source: c.kind, note }, error: null, choices: [] };
  }
  // One line of text, like the hint it replaces (nothing below it moves).
  const shown = where.length > 28 ? `${where.slice(0, 27)}…` : where;
  // A city without its state ("Dallas"): the places of that name, to choose from.
  const choices = candidates.length === 0 ? placesNamed(where).map((p) => p.near) : [];
  if (choices.length) return { origin: null, error: `Which “${shown}”? Choose one below, or type it with its state (${choices[0]}).`, choices };
  return {
    origin: null,
    error: candidates.length === 0 ? `“${shown}” is not a ZIP code or a City, ST.` : `Unknown place “${candidates[0].near}”: check the spelling or try a ZIP code.`,
    choices,
  };
}

export default async function ClinicsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const ctx = await requireScope('clinic.search');
  const params = readParams(await searchParams);
  const { origin, error, choices } = resolveOrigin(params);

  // Radius and filters, read by the API's schema (its defaults and ranges); refused ones are dropped.
  const problems: ParamProblem[] = [];
  const filterInput: Record<string, string> = {};
  for (const [param, key] of [['radius', 'radius'], ['services', 'serviceIds'], ['package', 'packageId']] as const) {
    if (params[param] === undefined) continue;
    const check = SearchClinicsQuery.safeParse({ [key]: params[param] });
    if (check.success) filterInput[key] = params[param];
    else problems.push({ param, message: check.error.issues[0]?.message ?? 'Not valid.' });
  }
  const filters = SearchClinicsQuery.parse(filterInput);
  const defaults = SearchClinicsQuery.parse({});
  const radiusOptions = [...new Set([...RADIUS_CHOICES.filter((r) => r <= MAX_RADIUS_MILES), filters.radius])].sort((a, b) => a - b);

  const [services, packages, locations] = await Promise.all([
    ctx.scopes.has('service.list') ? allPages((q) => listServices(ctx, q)) : [],
    ctx.scopes.has('package.list') ? allPages((q) => listPackages(ctx, q)) : [],
    ctx.scopes.has('location.list') ? listLocations(ctx, { page: 1, limit: 6 }).then((p) => p.data) : [],
  ]);
  const duplicateNames = new Set(packages.map((p) => p.name).filter((name, i, all) => all.indexOf(name) !== i));

  return (
    <>
      <PageHeader
        title="Find clinics"
        description="Collection sites near a place, nearest first. Filter by the services a clinic must offer or by a package."
        actions={
          ctx.scopes.has('clinic.write') ? (
            <ButtonLink href="/clinics/import" variant="secondary" size="sm">
              Import clinics
            </ButtonLink>
          ) : null
        }
      />
      <ProblemsAlert problems={problems} />
      <ClinicFinder
        origin={origin}
        where={params.where ?? ''}
        whereError={error}
        whereChoices={choices}
        canOrder={ctx.scopes.has('order.create')}
        radius={filters.radius}
        defaultRadius={defaults.radius}
        radiusOptions={radiusOptions}
        serviceIds={filters.serviceIds ?? []}
        packageId={filters.packageId ?? null}
        services={services.map((s) => ({ id: s.id, name: s.name, type: s.type }))}
        packages={packages.map((p) => ({ id: p.id, label: duplicateNames.has(p.name) ? `${p.name} (${p.location?.name ?? p.company?.name ?? ''})` : p.name }))}
        suggestions={locations
          .filter((l) => l.address.postalCode)
          .map((l) => ({ label: l.name, detail: [l.address.city, l.address.state].filter(Boolean).join(', '), where: l.address.postalCode! }))}
        places={origin ? placesAround(origin, filters.radius) : []}
        tileUrl={tileUrl}
        tileAttribution={tileAttribution}
      />
    </>
  );
}
