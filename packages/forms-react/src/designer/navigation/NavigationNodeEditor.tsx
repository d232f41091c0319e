import type { NavigationLink, NavigationLinkKind } from '@procedo/client-api/designer';
import { type ReactNode, useId } from 'react';
import type { NavigationDesignerProps, NavigationTarget } from './NavigationDesigner';
import type { DraftNavNode, NavDraftProblem, updateNavNode } from './navigation-draft';
import type { NavigationDesignerLabels } from './navigation-labels';

const TARGET_FIELD = {
  form: 'WebTemplateNo',
  command: 'CommandId',
  dashboard: 'DashboardId',
  help: 'Topic',
  url: 'Url',
} as const;

/** The link a kind starts with: its list's first target (a path `/` for a page). */
function firstLink(kind: NavigationLinkKind, props: NavigationDesignerProps): NavigationLink | null {
  switch (kind) {
    case 'form':
      return props.forms?.[0] ? { Kind: 'form', WebTemplateNo: props.forms[0].value } : null;
    case 'command':
      return props.commands?.[0] ? { Kind: 'command', CommandId: props.commands[0].value } : null;
    case 'dashboard':
      return props.dashboards?.[0] ? { Kind: 'dashboard', DashboardId: props.dashboards[0].value } : null;
    case 'help':
      return props.helpTopics?.[0] ? { Kind: 'help', Topic: props.helpTopics[0].value } : null;
    case 'url':
      return { Kind: 'url', Url: '/' };
  }
}

/** The selected node's fields: title, description, what it opens and its target or path. */
export function NodeEditor(options: {
  node: DraftNavNode;
  problems: readonly NavDraftProblem[];
  onChange: (patch: Parameters<typeof updateNavNode>[2]) => void;
  props: NavigationDesignerProps;
  labels: NavigationDesignerLabels;
}) {
  const { node, problems, onChange, props, labels: L } = options;
  const id = useId();
  const problemAt = (field: string) =>
    problems.filter((problem) => problem.path[0] === field || problem.path.at(-1) === field);
  const field = (
    name: string,
    label: string,
    control: (describedBy: string | undefined, invalid: boolean) => ReactNode,
  ) => {
    const found = problemAt(name);
    const errorId = `${id}-${name}-error`;
    return (
      <div className="procedo-Designer-field">
        <label htmlFor={`${id}-${name}`}>{label}</label>
        {control(found.length > 0 ? errorId : undefined, found.length > 0)}
        {found.length > 0 && (
          <span id={errorId} className="procedo-Designer-error">
            {found.map((problem) => problem.message).join(' ')}
          </span>
        )}
      </div>
    );
  };
  const kind = node.link?.Kind ?? 'none';
  const lists = {
    form: props.forms,
    command: props.commands,
    dashboard: props.dashboards,
    help: props.helpTopics,
  } as const;
  const targetName = node.link ? TARGET_FIELD[node.link.Kind] : null;
  const targetValue = node.link ? String((node.link as Record<string, unknown>)[targetName!]) : '';
  const shownAt = new Set(['Title', 'Description', 'Url', targetName]);
  const elsewhere = problems.filter(
    (problem) => !shownAt.has(String(problem.path[0])) && !shownAt.has(String(problem.path.at(-1))),
  );
  return (
    <div className="procedo-Designer-propertyList">
      {elsewhere.length > 0 && (
        <ul className="procedo-Designer-error">
          {elsewhere.map((problem) => (
            <li key={`${problem.path.join('.')}:${problem.message}`}>{problem.message}</li>
          ))}
        </ul>
      )}
      {field('Title', L.nodeTitle, (describedBy, invalid) => (
        <input
          id={`${id}-Title`}
          value={node.title}
          maxLength={200}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange({ title: event.target.value })}
        />
      ))}
      {field('Description', L.description, (describedBy, invalid) => (
        <textarea
          id={`${id}-Description`}
          value={node.description}
          rows={2}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange({ description: event.target.value })}
        />
      ))}
      {field('Kind', L.linkKind, () => (
        <select
          id={`${id}-Kind`}
          value={kind}
          onChange={(event) => {
            const next = event.target.value as NavigationLinkKind | 'none';
            onChange({ link: next === 'none' ? null : firstLink(next, props) });
          }}
        >
          {(Object.keys(L.kinds) as (NavigationLinkKind | 'none')[]).map((option) => (
            <option
              key={option}
              value={option}
              disabled={option !== 'none' && option !== 'url' && (lists[option]?.length ?? 0) === 0}
            >
              {L.kinds[option]}
            </option>
          ))}
        </select>
      ))}
      {node.link?.Kind === 'url' &&
        field('Url', L.url, (describedBy, invalid) => (
          <input
            id={`${id}-Url`}
            value={node.link?.Kind === 'url' ? node.link.Url : ''}
            maxLength={500}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            onChange={(event) => onChange({ link: { Kind: 'url', Url: event.target.value } })}
          />
        ))}
      {node.link &&
        node.link.Kind !== 'url' &&
        field(targetName!, L.target, (describedBy, invalid) => {
          const link = node.link!;
          const list = (lists[link.Kind as keyof typeof lists] ?? []) as readonly NavigationTarget<
            number | string
          >[];
          const known = list.some((option) => String(option.value) === targetValue);
          return (
            <select
              id={`${id}-${targetName}`}
              value={targetValue}
              aria-invalid={invalid || undefined}
              aria-describedby={describedBy}
              onChange={(event) => {
                const raw = event.target.value;
                const value = link.Kind === 'help' ? raw : Number(raw);
                onChange({ link: { ...link, [targetName!]: value } as NavigationLink });
              }}
            >
              {!known && <option value={targetValue}>{L.unknownTarget(targetValue)}</option>}
              {list.map((option) => (
                <option key={option.value} value={String(option.value)}>
                  {option.label}
                </option>
              ))}
            </select>
          );
        })}
    </div>
  );
}
