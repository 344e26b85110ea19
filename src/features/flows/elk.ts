import type { ELK } from 'elkjs/lib/elk-api';

let instance: Promise<ELK> | undefined;

/** elkjs in a web worker where the browser has workers (the layout never blocks the page); in-thread otherwise. */
export function elk(): Promise<ELK> {
  instance ??= (async () => {
    if (typeof Worker !== 'undefined') {
      const [{ default: ElkApi }, { default: workerUrl }] = await Promise.all([
        import('elkjs/lib/elk-api.js'), import('elkjs/lib/elk-worker.min.js?url'),
      ]);
      return new ElkApi({ workerUrl }) as ELK;
    }
    const { default: ElkBundled } = await import('elkjs/lib/elk.bundled.js');
    return new ElkBundled();
  })();
  return instance;
}
