package peer

import (
	"fmt"
	"os/exec"
	"strings"
)

// ModuleDir is where the go command keeps a module the bench module
// requires, such as the peers' own (go-trafilatura) and theirs
// (go-htmldate), whose test pages the commands read in place.
func ModuleDir(path string) (string, error) {
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", path).Output()
	if err != nil {
		return "", fmt.Errorf("go list -m %s: %w", path, err)
	}
	dir := strings.TrimSpace(string(out))
	if dir == "" {
		return "", fmt.Errorf("go list -m %s: not downloaded (go mod download %s)", path, path)
	}
	return dir, nil
}
