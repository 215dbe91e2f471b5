package main

import (
	"context"
	"fmt"
	"io"

	"infocrawl/crawler"
)

func runVersion(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fmt.Fprintln(stdout, "infocrawl", crawler.Version)
	return nil
}
