// Package shared locates the data sets some tests read from outside the
// repository: the shared folder (datasets/, eval/score.py) that sits
// beside the module's root as ../shared.
//
// A test that needs it calls [Dir] (or [Require] on a [Path]): without
// the folder the test is skipped on a developer's machine, and fails when
// CI=true is set, so a CI run that lost the data cannot pass by skipping.
// INFOCRAWL_SHARED names another folder in place of ../shared.
package shared
