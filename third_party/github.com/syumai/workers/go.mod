module github.com/syumai/workers

go 1.21.3
