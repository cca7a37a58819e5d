import { describe, expect, it } from 'vitest';
import { type FrameMode, frameMode, isInFrame } from '../../runtime/frame/frameMode.ts';
import { recommendationUrl } from '../../runtime/frame/recommendationUrl.ts';

describe('frame use (SPEC 2: embedded frame vs widget frame, a frame with a widget query parameter)', () => {
  it.each<[string, boolean, string, FrameMode]>([
    ['on its own', false, '', 'top'],
    ['in a frame without widget parameter: embedded', true, '?x=1', 'embedded'],
    ['in a frame with widget parameter: widget', true, '?widget=abc', 'widget'],
    ['an empty widget parameter still marks the widget', true, '?widget=', 'widget'],
    ['a widget link opened on its own keeps widget behaviour', false, '?widget=abc', 'widget'],
  ])('%s', (_rule, inFrame, search, expected) => {
    expect(frameMode(inFrame, search)).toBe(expected);
  });

  it('knows whether it is framed; a cross-origin parent counts as framed', () => {
    expect(isInFrame(window)).toBe(false);
    const crossOrigin = {
      self: {},
      get top(): Window {
        throw new DOMException('Blocked a frame', 'SecurityError');
      },
    } as unknown as Window;
    expect(isInFrame(crossOrigin)).toBe(true);
  });
});

describe('recommendation URL (SPEC 2: in the embedded frame MandantUrl + recommend path + hash route)', () => {
  const base = {
    mandantUrl: 'https://www.netzplus.example',
    recommendPath: '/freunde-werben',
    routePath: '/de/empfehlen/4711',
    origin: 'https://empfehlen.netzplus.example',
  };
  it.each<[string, Partial<typeof base> & { mode: FrameMode }, string]>([
    [
      'embedded: the client page with a hash route',
      { mode: 'embedded' },
      'https://www.netzplus.example/freunde-werben#/de/empfehlen/4711',
    ],
    [
      'embedded: slashes joined once',
      { mode: 'embedded', mandantUrl: 'https://www.netzplus.example/', recommendPath: 'freunde-werben' },
      'https://www.netzplus.example/freunde-werben#/de/empfehlen/4711',
    ],
    [
      'embedded: the query stays in the hash route',
      { mode: 'embedded', routePath: '/de/code?c=1' },
      'https://www.netzplus.example/freunde-werben#/de/code?c=1',
    ],
    [
      'embedded without recommend path',
      { mode: 'embedded', recommendPath: '' },
      'https://www.netzplus.example#/de/empfehlen/4711',
    ],
    [
      'embedded without MandantUrl: the app itself',
      { mode: 'embedded', mandantUrl: '' },
      'https://empfehlen.netzplus.example/de/empfehlen/4711',
    ],
    [
      'widget frame: the app itself',
      { mode: 'widget' },
      'https://empfehlen.netzplus.example/de/empfehlen/4711',
    ],
    ['on its own: the app itself', { mode: 'top' }, 'https://empfehlen.netzplus.example/de/empfehlen/4711'],
  ])('%s', (_rule, input, expected) => {
    expect(recommendationUrl({ ...base, ...input })).toBe(expected);
  });
});
