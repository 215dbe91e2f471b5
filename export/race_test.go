//go:build race

package export

// raceEnabled: the race detector slows TestExportMemoryFlat tenfold and
// changes what the heap holds.
const raceEnabled = true
