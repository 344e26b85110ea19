import { describe, expect, it } from 'vitest';
import { isShellRoot, shellFiles } from '../../scripts/app-shell';

describe('the service worker precaches the app shell only', () => {
  const manifest = {
    'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react-2.js'], css: ['assets/index-3.css'] },
    '_react-2.js': { file: 'assets/react-2.js' },
    'src/features/public/HomePage.tsx': { file: 'assets/HomePage-4.js', isDynamicEntry: true, imports: ['_react-2.js', '_texts-5.js'] },
    '_texts-5.js': { file: 'assets/texts-5.js', imports: ['_react-2.js'] },
    'src/features/flows/FlowsPage.tsx': { file: 'assets/FlowsPage-6.js', isDynamicEntry: true, imports: ['_elk-7.js'] },
    '_elk-7.js': { file: 'assets/elk-7.js' },
  };

  it('keeps index.html, the entry with what it imports and its CSS, and the public pages with theirs', () => {
    expect([...shellFiles(manifest, isShellRoot)].sort()).toEqual([
      'assets/HomePage-4.js', 'assets/index-1.js', 'assets/index-3.css', 'assets/react-2.js', 'assets/texts-5.js', 'index.html',
    ]);
  });

  it('leaves the back office chunks to the runtime cache', () => {
    const files = shellFiles(manifest, isShellRoot);
    expect(files.has('assets/FlowsPage-6.js')).toBe(false);
    expect(files.has('assets/elk-7.js')).toBe(false);
  });
});
