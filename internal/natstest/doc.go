// Package natstest runs an embedded NATS server with JetStream for tests
// and benchmarks: on 127.0.0.1, a random port and a temporary store
// directory, shut down when the test ends.
package natstest
