package peer

import (
	"encoding/json"
	"fmt"
	"os/exec"
)

// ModuleDir is where the go command keeps a module whose test pages the
// commands read in place: path alone for one the bench module requires,
// such as the peers' own (go-trafilatura) and theirs (go-htmldate), or
// path@version for one it does not require (GoOse, readeck's
// go-readability). `go mod download` fetches it first when it is not
// there yet.
func ModuleDir(path string) (string, error) {
	out, err := exec.Command("go", "mod", "download", "-json", path).Output()
	if err != nil {
		return "", fmt.Errorf("go mod download %s: %w", path, err)
	}
	var m struct{ Dir, Error string }
	if err := json.Unmarshal(out, &m); err != nil {
		return "", fmt.Errorf("go mod download %s: %w", path, err)
	}
	if m.Error != "" || m.Dir == "" {
		return "", fmt.Errorf("go mod download %s: %s", path, m.Error)
	}
	return m.Dir, nil
}
