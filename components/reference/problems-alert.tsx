import { Alert } from '@/components/ui/alert';
import type { ParamProblem } from './search-params';

/** Filters from the address bar that the list's query schema refused (they were ignored). */
export function ProblemsAlert({ problems }: { problems: ParamProblem[] }) {
  if (problems.length === 0) return null;
  return (
    <Alert tone="warning" title="Some filters in the address were not understood and were ignored" className="mb-4">
      <ul className="list-inside list-disc">
        {problems.map((p) => (
          <li key={p.param + p.message}>
            <code>{p.param || 'query'}</code>: {p.message}
          </li>
        ))}
      </ul>
    </Alert>
  );
}
