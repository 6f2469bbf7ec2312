import type { Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { cssModulesInSeveralChunks, stylesheetOnce } from '../../build/stylesheet-once';

function chunk(fileName: string, moduleIds: string[]): Rollup.OutputChunk {
  return { type: 'chunk', fileName, moduleIds } as unknown as Rollup.OutputChunk;
}

describe('one stylesheet per CSS module', () => {
  const shared = '\0virtual:antd-style/Input-Shared.css';
  const copied = {
    'spot.js': chunk('spot.js', ['/src/spot.tsx', shared, '/src/market.css']),
    'login.js': chunk('login.js', ['/src/login.tsx', shared]),
    'chart.js': chunk('chart.js', ['/src/chart.ts']),
  } as Rollup.OutputBundle;

  it('names each CSS module that two chunks list, and no script a chunk shares', () => {
    expect(cssModulesInSeveralChunks(copied)).toEqual(new Map([[shared, ['spot.js', 'login.js']]]));
    const once = {
      'spot.js': copied['spot.js'],
      'chart.js': copied['chart.js'],
    } as Rollup.OutputBundle;
    expect(cssModulesInSeveralChunks(once).size).toBe(0);
  });

  it('fails the build that would write one into several stylesheets', () => {
    const generate = stylesheetOnce().generateBundle as (
      o: unknown,
      b: Rollup.OutputBundle,
    ) => void;
    expect(() => generate({}, copied)).toThrow(
      /1 CSS modules are in several chunks, e.g. virtual:antd-style\/Input-Shared.css in spot.js, login.js/,
    );
  });
});
