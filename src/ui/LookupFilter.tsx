import { useActorRef } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { loadResource } from '../resources';
import { filterParams } from '../resources/query';
import type { FilterDef, SelectOption } from '../resources/types';
import { searchSelectMachine } from '../machines/lists/search-select.machine';
import type { SelectMode } from '../machines/lists/search-select.types';
import { SearchSelect } from './SearchSelect';

type LookupDef = Extract<FilterDef, { kind: 'lookup' }>;

export interface LookupFilterProps {
  filter: LookupDef;
  cca2: string;
  values: Record<string, string>;
  onChange: (name: string, value: string | undefined, clear?: readonly string[]) => void;
}

/**
 * A lookup filter (companyid, storeid ...) as the shared search select: the option chosen becomes the URL's
 * parameter, or its exclude parameter when Exclude is chosen. A shared link's id is shown by its name (read
 * once with the resource's get; the id itself if that is not allowed).
 */
export function LookupFilter({ filter, cca2, values, onChange }: LookupFilterProps) {
  const [name, excludeName] = filterParams(filter) as [string, string | undefined];
  const current = values[name] ?? (excludeName ? values[excludeName] : undefined);
  const [label, setLabel] = useState<string | undefined>(current === undefined ? '' : undefined);
  const [initial] = useState(current);
  useEffect(() => {
    const id = initial;
    if (id === undefined) return;
    let live = true;
    loadResource(filter.resource)
      .then(async (resource) => resource.label(await resource.api.get(cca2, Number(id))))
      .then((text) => { if (live) setLabel(text); })
      .catch(() => { if (live) setLabel(`#${id}`); });
    return () => { live = false; };
  }, [filter.resource, cca2, initial]);
  if (label === undefined) return null;
  const selected = initial === undefined ? null : { key: initial, value: label };
  const mode: SelectMode = excludeName && values[excludeName] !== undefined ? 'exclude' : 'include';
  return <LookupSelect filter={filter} cca2={cca2} selected={selected} mode={mode} name={name} excludeName={excludeName} values={values} onChange={onChange} />;
}

function LookupSelect({ filter, cca2, selected, mode, name, excludeName, values, onChange }: LookupFilterProps & {
  selected: SelectOption | null; mode: SelectMode; name: string; excludeName: string | undefined;
}) {
  const actor = useActorRef(searchSelectMachine, { input: { resource: filter.resource, cca2, selected, mode } });
  const latest = useRef({ values, onChange });
  useEffect(() => { latest.current = { values, onChange }; });
  // The select → the URL: write the chosen id under the include or exclude name (and drop the other one).
  useEffect(() => {
    const follow = (snapshot: ReturnType<typeof actor.getSnapshot>) => {
      const { values: now, onChange: change } = latest.current;
      const key = snapshot.context.selected?.key;
      const target = snapshot.context.mode === 'exclude' && excludeName ? excludeName : name;
      const other = target === name ? excludeName : name;
      const urlHas = now[target] === key && (other === undefined || now[other] === undefined);
      if (key === undefined) {
        if (now[name] !== undefined || (excludeName && now[excludeName] !== undefined)) change(name, undefined, excludeName ? [excludeName] : []);
      } else if (!urlHas) change(target, key, other ? [other] : []);
    };
    const subscription = actor.subscribe(follow);
    // React may paint before this effect runs: a choice made in between is followed now, not lost.
    follow(actor.getSnapshot());
    return () => subscription.unsubscribe();
  }, [actor, name, excludeName]);
  // The URL → the select: "Clear filters" (or back) removed the parameter.
  const inUrl = values[name] ?? (excludeName ? values[excludeName] : undefined);
  useEffect(() => {
    if (inUrl === undefined && actor.getSnapshot().context.selected) actor.send({ type: 'select.clear' });
  }, [actor, inUrl]);
  return <SearchSelect label={filter.label} actor={actor} includeExclude={excludeName !== undefined} />;
}
