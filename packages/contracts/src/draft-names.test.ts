import { describe, expect, it } from 'vitest';
import { titleFromFileName } from './draft-names';

describe('titleFromFileName', () => {
  it('drops the extension and tidies the words', () => {
    expect(titleFromFileName('sitting_bunny.stl')).toBe('Sitting bunny');
    expect(titleFromFileName('bunny.stl')).toBe('Bunny');
    expect(titleFromFileName('bunny.bin.stl')).toBe('Bunny');
    expect(titleFromFileName('gear-wheel  v2.OBJ')).toBe('Gear wheel v2');
    expect(titleFromFileName('C:\\models\\NASA_rover.glb')).toBe('NASA rover');
    expect(titleFromFileName('.stl')).toBeNull();
    expect(titleFromFileName('___.stl')).toBeNull();
    expect(titleFromFileName(null)).toBeNull();
    expect(titleFromFileName('x'.repeat(300))?.length).toBe(120);
  });
});
