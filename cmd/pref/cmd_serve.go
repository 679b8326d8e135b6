package main

import (
	"fmt"
	"os/signal"
	"syscall"

	"github.com/preference-rules/pref/internal/web"
	"github.com/spf13/cobra"
)

func serveCmd() *cobra.Command {
	var addr string
	var open bool
	cmd := &cobra.Command{
		Use:   "serve [--addr 127.0.0.1:8080] [--open]",
		Short: "Play and read the rules in a web browser, served on this computer",
		Long: `Serve a web table on this computer: play any ruleset against the computer
players by clicking cards, read any ruleset's rulebook. Everything is in the
pref binary and works offline. Only a loopback address is served, and a
request naming another host is refused. Ctrl-C stops the server.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx, stop := signal.NotifyContext(cmd.Context(), syscall.SIGINT, syscall.SIGTERM)
			defer stop()
			err := web.Serve(ctx, addr, cmd.ErrOrStderr(), func(url string) {
				fmt.Fprintf(cmd.OutOrStdout(), "pref serve: open %s (Ctrl-C stops)\n", url)
				if open {
					if err := web.OpenBrowser(url); err != nil {
						fmt.Fprintf(cmd.ErrOrStderr(), "pref: --open: %v\n", err)
					}
				}
			})
			if err != nil {
				return badInput(err)
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&addr, "addr", "127.0.0.1:8080", "address to serve, host:port (a loopback address; port 0 picks a free one)")
	cmd.Flags().BoolVar(&open, "open", false, "open the page in the desktop's browser")
	return cmd
}
