package main

import (
	"flag"
	"log/slog"

	"infocrawl/config"
	"infocrawl/mine"
)

// mineOptions turns the mine-* settings into mine's options; zero values
// keep mine's defaults.
func mineOptions(m config.Mine) mine.Options {
	return mine.Options{
		Method:          m.Method,
		MinClusterPages: m.TemplateMinPages,
		TemplateShare:   m.TemplateShare,
		TemplateMinDF:   m.TemplateMinDF,
		FallbackShare:   m.FallbackShare,
		MinArticleChars: m.MinArticleChars,
		MinTOCLinks:     m.MinTOCLinks,
		Region:          mine.RegionOptions{LinkPenalty: m.LinkPenalty, TemplatePenalty: m.TemplatePenalty},
		WISDOM:          mine.WISDOMOptions{K: m.WisdomK, ST: m.WisdomST, TCTOC: m.WisdomTCTOC, TCArticle: m.WisdomTCArticle},
		Cluster:         mine.ClusterOptions{MinPages: m.MergePatternsBelow, SplitOverlap: m.ClusterSplitOverlap},
	}
}

// loadMineOptions reads --config's mine-* settings, with --method (when
// given) over them.
func loadMineOptions(fs *flag.FlagSet, configFile, method string) (mine.Options, error) {
	cfg := config.Default()
	if configFile != "" {
		var err error
		if cfg, err = config.Load(configFile, cfg); err != nil {
			return mine.Options{}, usageError("%v", err)
		}
		warnDeprecated(newLogger(fs.Output(), "warn"), cfg)
	}
	opts := mineOptions(cfg.Mine)
	methodSet := false
	fs.Visit(func(f *flag.Flag) { methodSet = methodSet || f.Name == "method" })
	if methodSet || opts.Method == "" {
		opts.Method = method
	}
	return opts, nil
}

// warnDeprecated logs each renamed key the config file used.
func warnDeprecated(logger *slog.Logger, cfg config.Config) {
	for _, d := range cfg.Deprecated {
		logger.Warn("deprecated config key", "key", d.Key, "use", d.Use, "file", d.File, "line", d.Line)
	}
}
