// The same unsigned token the /flows simulator's samples use: one implementation of the claim shape.
export { sampleToken as fakeToken, type SampleTokenOptions as FakeTokenOptions } from '../../src/lib/flows/sample-token';
