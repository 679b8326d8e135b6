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
	var bots string
	cmd := &cobra.Command{
		Use:   "serve [--addr 127.0.0.1:8080] [--open] [--bots exec:COMMAND]",
		Short: "Play and read the rules in a web browser, served on this computer",
		Long: `Serve a web table on this computer: play any ruleset against the computer
players by clicking cards, read any ruleset's rulebook. Everything is in the
pref binary and works offline. Only a loopback address is served, and a
request naming another host is refused. With --bots (as pref play takes it,
exec:COMMAND for an outside program), the play page offers those players too:
each program sees only its own seat, over the same line protocol. Ctrl-C
stops the server.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx, stop := signal.NotifyContext(cmd.Context(), syscall.SIGINT, syscall.SIGTERM)
			defer stop()
			err := web.Serve(ctx, addr, web.Options{Bots: bots}, cmd.ErrOrStderr(), func(url string) {
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
	cmd.Flags().StringVar(&bots, "bots", "", "computer players a table may seat besides simple and strong, as pref play --bots takes them (exec:COMMAND: an outside program speaking pref's line protocol, docs/protocol.md; a comma-separated list gives them in turn); the play page offers them, and only this command line names a command")
	return cmd
}
