// Package config holds infocrawl's settings: one struct, its defaults, a
// YAML file loader and validation that names the bad field and value.
//
// The YAML keys are the command-line flag names, so a config file mirrors
// the flags; cmd/infocrawl applies the file first and the flags given on
// the command line over it.
package config
