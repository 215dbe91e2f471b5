package main

import (
	"context"
	"errors"
	"fmt"
	"io"

	"infocrawl/swarm"
)

const jobAbout = `Shows what the NATS server holds of a distributed crawl (crawl --nats): the
URLs left in its frontier and ever queued, its claimed URLs, and whether it
is over. Name the job as its workers do: the crawl's URL, or --job.

A finished job stays on the server: its workers, started again with the
same command, find it over and fetch nothing (as a finished crawl into one
store does). To crawl the site afresh, use another --job name, or delete
the job with --delete once its workers have exited. --delete refuses a job
whose frontier is not empty unless --force; its running workers then stop
with an error.`

func runJob(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	var natsURL, job string
	var del, force bool
	fs := newFlagSet("job", "job (URL | --job NAME) --nats SERVER [--delete [--force]]", jobAbout, stderr)
	fs.StringVar(&natsURL, "nats", "", "the NATS JetStream `server` of the job (nats://host:4222)")
	fs.StringVar(&job, "job", "", "the job's `name` (default: from URL's host and path, as crawl --nats)")
	fs.BoolVar(&del, "delete", false, "delete the job's stream and bucket from the server")
	fs.BoolVar(&force, "force", false, "with --delete: delete a job whose frontier is not empty")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if job, err = jobName(job, pos); err != nil {
		return err
	}
	switch {
	case natsURL == "":
		return usageError("--nats SERVER is required")
	case force && !del:
		return usageError("--force goes with --delete")
	}
	st, err := swarm.Job(ctx, natsURL, job)
	if errors.Is(err, swarm.ErrNoJob) {
		return fmt.Errorf("job %s: not on %s", job, natsURL)
	}
	if err != nil {
		return err
	}
	printJob(stdout, st)
	if !del {
		return nil
	}
	if err := swarm.Delete(ctx, natsURL, job, force); err != nil {
		if errors.Is(err, swarm.ErrJobRunning) {
			return fmt.Errorf("%w (stop its workers, or add --force)", err)
		}
		return err
	}
	fmt.Fprintf(stdout, "job %s deleted\n", job)
	return nil
}

// jobName is --job, or the name derived from the one URL given.
func jobName(job string, pos []string) (string, error) {
	switch {
	case job != "" && len(pos) > 0:
		return "", usageError("give the crawl's URL or --job, not both")
	case job != "":
		if err := swarm.CheckJob(job); err != nil {
			return "", usageError("--job: %v", err)
		}
		return job, nil
	case len(pos) != 1:
		return "", usageError("want the crawl's URL or --job NAME (see --help)")
	}
	name, err := swarm.JobName(pos[0])
	if err != nil {
		return "", usageError("%v", err)
	}
	return name, nil
}

func printJob(w io.Writer, st swarm.JobState) {
	state := "running or stopped"
	switch {
	case st.Over:
		state = "over"
	case st.Published == 0:
		state = "starting"
	}
	fmt.Fprintf(w, "job %s: %s; %d URLs queued in all, %d left or in flight; %d keys (claimed URLs and robots.txt)\n",
		st.Name, state, st.Published, st.Queued, st.Keys)
}
