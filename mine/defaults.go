package mine

// DefaultOptions returns the values a zero Options stands for, the nested
// Region, WISDOM and Cluster options filled in too. It is the one source
// of the mining defaults: config's help texts and the README's table are
// checked against it by cmd/infocrawl's tests.
func DefaultOptions() Options {
	o := Options{}.withDefaults()
	o.WISDOM = o.WISDOM.withDefaults()
	o.Cluster = o.Cluster.withDefaults()
	return o
}
